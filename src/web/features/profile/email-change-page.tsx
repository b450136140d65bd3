import { CheckCircle2, XCircle } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { buttonClasses } from '@web/components/ui/button';
import { PageSpinner } from '@web/components/ui/page-spinner';
import { ApiError } from '@web/lib/api-client';
import { usePageTitle } from '@web/lib/page-title';
import { useSession } from '@web/lib/session';
import { useConfirmEmailChange } from './api/confirm-email-change';

type Result = { ok: true; email: string } | { ok: false; message: string };

/**
 * /profile/email?change=… — the link of the e-mail-change mail. The parameter is `change`, because any URL
 * with `token` or `code` shows the magic-link handler
 * (docs/product/accounts-and-consent.md#magic-link-handler). Works signed out.
 */
export function EmailChangePage() {
  usePageTitle('E-Mail-Adresse bestätigen');
  const [params, setParams] = useSearchParams();
  const { status } = useSession();
  const confirm = useConfirmEmailChange();
  const [result, setResult] = useState<Result | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return; // once, also under StrictMode: the link works only once
    started.current = true;
    const token = params.get('change');
    if (!token) {
      setResult({ ok: false, message: 'Der Bestätigungslink ist ungültig.' });
      return;
    }
    // The token leaves the address bar and the history once used.
    const dropToken = () => setParams({}, { replace: true });
    void confirm.mutateAsync(token).then(
      ({ email }) => {
        setResult({ ok: true, email });
        dropToken();
      },
      (error: unknown) => {
        setResult({
          ok: false,
          message:
            error instanceof ApiError
              ? error.message
              : 'Ein Fehler ist aufgetreten. Bitte versuche es erneut.',
        });
        dropToken();
      },
    );
  }, [confirm, params, setParams]);

  return (
    <section className="mx-auto max-w-lg px-4 py-12">
      <h1 className="text-2xl font-semibold tracking-tight">E-Mail-Adresse bestätigen</h1>
      {!result ? (
        <PageSpinner label="Die neue Adresse wird bestätigt …" />
      ) : (
        <div role={result.ok ? 'status' : 'alert'} className="mt-6 flex flex-col items-start gap-4">
          <p className="flex items-start gap-2">
            {result.ok ? (
              <CheckCircle2 className="mt-0.5 h-5 w-5 shrink-0 text-success" aria-hidden />
            ) : (
              <XCircle className="mt-0.5 h-5 w-5 shrink-0 text-destructive" aria-hidden />
            )}
            {result.ok
              ? `Deine E-Mail-Adresse wurde geändert. Du meldest dich ab jetzt mit ${result.email} an.`
              : result.message}
          </p>
          <Link to={status === 'signed-in' ? '/profile' : '/login'} className={buttonClasses('secondary')}>
            {status === 'signed-in' ? 'Zum Profil' : 'Zur Anmeldung'}
          </Link>
        </div>
      )}
    </section>
  );
}
