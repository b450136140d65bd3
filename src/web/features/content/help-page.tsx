import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { faqEntries, faqJsonLd, type FaqEntry } from '@shared/content/faq';
import { buttonClasses } from '@web/components/ui/button';
import { SmartLink } from '@web/components/ui/smart-link';
import { useClientValue } from '@web/lib/client-value';
import { usePageTitle } from '@web/lib/page-title';
import { useSettings } from '@web/lib/settings';
import { ContentPage, LegalSection, proseLinkClass } from './legal-section';
import { useOfferedPaymentMethods } from '@web/lib/payment-methods';

/** Table of contents, one anchored section per question, structured data (docs/product/site.md#help). */
export function HelpPage() {
  usePageTitle('Häufige Fragen (FAQ)');
  const { legal, supportEmail } = useSettings();
  // how to pay follows what the shop offers (docs/product/site.md#payment-texts)
  const entries = faqEntries(useOfferedPaymentMethods());
  useScrollToHash();

  return (
    <ContentPage
      title="Häufige Fragen (FAQ)"
      lead="Hier findest du Antworten rund um Buchung, Tickets und unsere Workshops."
    >
      <nav
        aria-label="Inhaltsverzeichnis"
        className="rounded-xl border border-border bg-card p-5 text-card-foreground"
      >
        <p className="text-sm font-semibold uppercase tracking-wide text-muted-foreground">Inhalt</p>
        <ol className="mt-3 space-y-2">
          {entries.map((entry) => (
            <li key={entry.id}>
              <a href={`#${entry.id}`} className={proseLinkClass}>
                {entry.question}
              </a>
            </li>
          ))}
        </ol>
      </nav>

      {entries.map((entry) => (
        <LegalSection key={entry.id} id={entry.id} title={entry.question}>
          {entry.answer.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
          {entry.id === 'q-storno' ? (
            <p>
              <SmartLink to={legal.termsUrl} className={proseLinkClass}>
                Alle Bedingungen in unseren AGB lesen
              </SmartLink>
            </p>
          ) : null}
        </LegalSection>
      ))}

      <aside
        aria-labelledby="faq-cta-titel"
        className="rounded-xl border border-border bg-muted p-6 text-center sm:p-8"
      >
        <h2 id="faq-cta-titel" className="font-serif text-2xl font-semibold tracking-tight">
          Bereit für deinen ersten Workshop?
        </h2>
        <p className="mt-2 text-muted-foreground">
          Melde dich mit deiner E-Mail-Adresse an – ganz ohne Passwort.
        </p>
        <Link to="/login" className={buttonClasses('primary', 'lg', 'mt-6')}>
          Jetzt anmelden
        </Link>
        <p className="mt-6 text-sm text-muted-foreground">
          Deine Frage ist nicht dabei? Schreib uns an{' '}
          <a href={`mailto:${supportEmail}`} className={proseLinkClass}>
            {supportEmail}
          </a>
          .
        </p>
      </aside>

      <FaqStructuredData entries={entries} />
    </ContentPage>
  );
}

const faqInHead = () =>
  Array.from(document.head.querySelectorAll('script[type="application/ld+json"]')).some((el) =>
    el.textContent?.includes('"FAQPage"'),
  );

/**
 * The FAQ as schema.org data block (not executed, so the CSP allows it). When /help is the first page
 * loaded, the server has already put the same block into <head> (server/http/app-shell.ts); repeating it
 * would show search engines two FAQPage items, so it is only rendered after a client-side navigation. The
 * server renders /help with the block in <head>, so its HTML (and the hydrating render) leaves it out
 * (docs/architecture.md#server-rendering).
 */
function FaqStructuredData({ entries }: { entries: FaqEntry[] }) {
  const inHead = useClientValue(faqInHead, true);
  if (inHead) return null;
  // '<' escaped so the text can never close the element, as on the server.
  return (
    <script type="application/ld+json">{JSON.stringify(faqJsonLd(entries)).replace(/</g, '\\u003c')}</script>
  );
}

/**
 * Deep links such as /help#q-storno: the page is loaded lazily, so the anchor does not exist yet when the
 * browser looks for it, and the shell's scroll-to-top effect runs after ours; one frame later both are done.
 */
function useScrollToHash() {
  const { hash } = useLocation();
  useEffect(() => {
    if (!hash) return;
    const frame = requestAnimationFrame(() => {
      document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
    });
    return () => cancelAnimationFrame(frame);
  }, [hash]);
}
