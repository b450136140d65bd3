import { Link } from 'react-router';
import { zonedParts } from '@shared/event-rules';
import { openCookieConsent } from '@web/lib/cookie-consent';
import { useSettings } from '@web/lib/settings';
import { useNow } from '@web/lib/use-now';
import { SmartLink } from '@web/components/ui/smart-link';
import { lazyPart } from '@web/lib/lazy-part';

// below the fold: its code comes after the page answers (docs/architecture.md#server-rendering)
const FooterNewsletter = lazyPart(() => import('./footer-newsletter').then((m) => m.FooterNewsletter));

const linkClass = 'text-sm text-muted-foreground hover:text-foreground hover:underline';
const HOUR_MS = 3_600_000;

/** The footer (docs/product/site.md#footer). */
export function SiteFooter() {
  const { brand, legal, supportEmail } = useSettings();
  // The server's render time while hydrating, and the year in Berlin on both sides, not the runtime's zone
  // (docs/architecture.md#server-rendering).
  const { year } = zonedParts(useNow(HOUR_MS));
  return (
    <footer className="border-t border-border bg-muted/40">
      <FooterNewsletter />
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-3 sm:px-6">
        <div>
          <p className="font-serif text-lg font-semibold">{brand.siteName}</p>
          <p className="mt-2 text-sm text-muted-foreground">
            Workshops, Seminare und Retreats für Paare und Einzelne.
          </p>
        </div>
        <nav aria-label="Angebot">
          <ul className="space-y-2">
            <li>
              <Link to="/" className={linkClass}>
                Workshops
              </Link>
            </li>
            <li>
              <Link to="/my-tickets" className={linkClass}>
                Meine Tickets
              </Link>
            </li>
            <li>
              <Link to="/help" className={linkClass}>
                Häufige Fragen
              </Link>
            </li>
            <li>
              <a href={`mailto:${supportEmail}`} className={linkClass}>
                Support: {supportEmail}
              </a>
            </li>
          </ul>
        </nav>
        <nav aria-label="Rechtliches">
          <ul className="space-y-2">
            <li>
              <SmartLink to={legal.imprintUrl} className={linkClass}>
                Impressum
              </SmartLink>
            </li>
            <li>
              <SmartLink to={legal.privacyUrl} className={linkClass}>
                Datenschutz
              </SmartLink>
            </li>
            <li>
              <SmartLink to={legal.termsUrl} className={linkClass}>
                AGB
              </SmartLink>
            </li>
            <li>
              <Link to="/barrierefreiheit" className={linkClass}>
                Barrierefreiheit
              </Link>
            </li>
            <li>
              <button type="button" onClick={openCookieConsent} className={linkClass}>
                Cookie-Einstellungen
              </button>
            </li>
          </ul>
        </nav>
      </div>
      <p className="pb-8 text-center text-xs text-muted-foreground">
        © {year} {brand.siteName}
      </p>
    </footer>
  );
}
