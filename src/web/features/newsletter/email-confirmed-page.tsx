import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { CheckCircle2, Loader2, XCircle } from 'lucide-react';
import { NEWSLETTER_LINK_PARAMS, NEWSLETTER_STORAGE_KEYS } from '@shared/newsletter';
import { buttonClasses } from '@web/components/ui/button';
import { ApiError, apiFetch } from '@web/lib/api-client';
import { usePageTitle } from '@web/lib/page-title';
import { writeStorage } from '@web/lib/storage';

type Action = 'confirm' | 'unsubscribe';
type State =
  | { kind: 'loading'; action: Action }
  | { kind: 'success'; action: Action }
  | { kind: 'error'; action: Action; message: string };

// The texts of the confirmation page.
const GENERIC_FAILURE = 'Ein Fehler ist aufgetreten. Bitte versuche es erneut.';
const MISSING_LINK = 'Der Link ist unvollständig. Bitte öffne ihn direkt aus der E-Mail.';

const TEXTS = {
  confirm: {
    title: 'Newsletter-Bestätigung',
    loading: 'Deine Anmeldung wird bestätigt …',
    success: 'Geschafft',
    successText: 'Du wirst ab jetzt über neue Veranstaltungen informiert.',
    failure: 'Bestätigung fehlgeschlagen',
  },
  unsubscribe: {
    title: 'Newsletter-Abmeldung',
    loading: 'Du wirst abgemeldet …',
    success: 'Abgemeldet',
    successText:
      'Du bekommst keine Newsletter-E-Mails mehr von uns. Du kannst dich jederzeit wieder anmelden.',
    failure: 'Abmeldung fehlgeschlagen',
  },
} as const;

/** What the link carries (tokens or an error), from the query or the hash. */
function readLink(search: string, hash: string) {
  const query = new URLSearchParams(search);
  const fragment = new URLSearchParams(hash.replace(/^#/, ''));
  const get = (name: string) => query.get(name) ?? fragment.get(name);
  const unsubscribe = get(NEWSLETTER_LINK_PARAMS.unsubscribe);
  const confirm = get(NEWSLETTER_LINK_PARAMS.confirm);
  const error = get('error_description') ?? get('error');
  const action: Action = unsubscribe && !confirm ? 'unsubscribe' : 'confirm';
  return { action, token: action === 'unsubscribe' ? unsubscribe : confirm, error };
}

/**
 * /email-confirmed: the newsletter's confirmation link, and the unsubscribe link of every newsletter mail
 * (docs/product/accounts-and-consent.md#newsletter-double-opt-in,
 * docs/product/accounts-and-consent.md#newsletter-unsubscribe).
 */
export function EmailConfirmedPage() {
  const location = useLocation();
  const [link] = useState(() => readLink(location.search, location.hash));
  const [state, setState] = useState<State>(() =>
    link.error || !link.token
      ? { kind: 'error', action: link.action, message: link.error ?? MISSING_LINK }
      : { kind: 'loading', action: link.action },
  );
  const started = useRef(false);
  const texts = TEXTS[state.action];
  usePageTitle(texts.title);

  useEffect(() => {
    // Once per page load: the confirmation link works only once, a second POST would report it as used.
    if (started.current || link.error || !link.token) return;
    started.current = true;
    const { action, token } = link;
    apiFetch<{ ok: true }>(`/api/newsletter/${action}`, { method: 'POST', body: JSON.stringify({ token }) })
      .then(() => {
        if (action === 'confirm') writeStorage('local', NEWSLETTER_STORAGE_KEYS.subscribed, 'true');
        else writeStorage('local', NEWSLETTER_STORAGE_KEYS.subscribed, null);
        setState({ kind: 'success', action });
      })
      .catch((error: unknown) => {
        const message =
          error instanceof ApiError && error.status > 0 && error.status < 500
            ? error.message
            : GENERIC_FAILURE;
        setState({ kind: 'error', action, message });
      });
  }, [link]);

  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center sm:py-24">
      <div aria-live="polite" className="flex flex-col items-center">
        {state.kind === 'loading' && (
          <>
            <Loader2 className="h-10 w-10 animate-spin text-primary" aria-hidden />
            <h1 className="mt-4 font-serif text-2xl font-semibold tracking-tight">{texts.loading}</h1>
          </>
        )}
        {state.kind === 'success' && (
          <>
            <CheckCircle2 className="h-12 w-12 text-success" aria-hidden />
            <h1 className="mt-4 font-serif text-3xl font-semibold tracking-tight">{texts.success}</h1>
            <p className="mt-3 text-muted-foreground">{texts.successText}</p>
          </>
        )}
        {state.kind === 'error' && (
          <>
            <XCircle className="h-12 w-12 text-destructive" aria-hidden />
            <h1 className="mt-4 font-serif text-3xl font-semibold tracking-tight">{texts.failure}</h1>
            <p role="alert" className="mt-3 text-muted-foreground">
              {state.message}
            </p>
          </>
        )}
      </div>
      <Link to="/" className={buttonClasses('primary', 'lg', 'mt-8')}>
        Zur Startseite
      </Link>
    </section>
  );
}
