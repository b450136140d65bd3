import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { CheckCircle2, Loader2 } from 'lucide-react';
import { sendMagicLink } from '@web/lib/sign-in-requests';
import { Button, buttonClasses } from '@web/components/ui/button';
import { ApiError } from '@web/lib/api-client';
import { usePageTitle } from '@web/lib/page-title';
import { useSession } from '@web/lib/session';
import { useSettings } from '@web/lib/settings';
import { readStorage, writeStorage } from '@web/lib/storage';
import { useSignInMutation, verifyMagicLink } from './api/auth-requests';
import { storedEmail } from './auth-storage';
import { useAfterSignIn } from './use-after-sign-in';

type State = { kind: 'loading' } | { kind: 'success' } | { kind: 'error'; message: string };
const HANDLED_KEY = 'auth_magic_handled';
const INVALID = 'Magic Link ist ungültig oder abgelaufen.';
const USED = 'Magic Link wurde bereits verwendet. Bitte fordere einen neuen Link an.';

/**
 * The server says whether the link was used already (also in another
 * browser) or is invalid; a rate limit says how long to wait.
 */
const verifyFailure = (error: unknown) =>
  error instanceof ApiError && (error.status === 429 || error.code === 'link_used') ? error.message : INVALID;

/** Loading, then success or error (docs/product/accounts-and-consent.md#magic-link-handler). */
export function MagicLinkPage() {
  usePageTitle('Anmeldung');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { status } = useSession();
  const afterSignIn = useAfterSignIn();
  const verify = useSignInMutation(verifyMagicLink);
  const [state, setState] = useState<State>({ kind: 'loading' });
  const started = useRef(false);
  const token = params.get('token') ?? params.get('code');
  const providerError = params.get('error_description') ?? params.get('error');

  useEffect(() => {
    if (started.current || status === 'loading') return;
    started.current = true;
    if (status === 'signed-in') {
      setState({ kind: 'success' });
      window.setTimeout(() => navigate('/', { replace: true }), 800);
      return;
    }
    if (providerError) return setState({ kind: 'error', message: providerError });
    if (!token) return setState({ kind: 'error', message: INVALID });
    if (readStorage('session', HANDLED_KEY) === token) {
      return setState({ kind: 'error', message: USED });
    }
    writeStorage('session', HANDLED_KEY, token);
    void verify.mutateAsync(token).then(
      (session) => {
        setState({ kind: 'success' });
        window.setTimeout(() => afterSignIn(session, 'magic-link'), 1000);
      },
      (error: unknown) => setState({ kind: 'error', message: verifyFailure(error) }),
    );
  }, [status, token, providerError, navigate, verify, afterSignIn]);

  return (
    <div className="flex flex-col gap-4 text-center">
      {state.kind === 'loading' && (
        <div role="status" className="flex flex-col items-center gap-3 py-6">
          <Loader2 className="h-8 w-8 animate-spin text-primary" aria-hidden />
          <h1 className="text-xl font-semibold">Anmeldung wird geprüft …</h1>
        </div>
      )}
      {state.kind === 'success' && (
        <div role="status" className="flex flex-col items-center gap-3 py-6">
          <CheckCircle2 className="h-10 w-10 text-success" aria-hidden />
          <h1 className="text-xl font-semibold">Du bist angemeldet.</h1>
          <p className="text-sm text-muted-foreground">Du wirst gleich weitergeleitet …</p>
        </div>
      )}
      {state.kind === 'error' && <MagicLinkError message={state.message} />}
      {params.get('debug') === '1' && (
        <pre
          className="overflow-x-auto rounded-lg bg-muted p-3 text-left text-xs"
          aria-label="Debug-Informationen"
        >
          {JSON.stringify(
            { state: state.kind, session: status, hasToken: Boolean(token), providerError },
            null,
            2,
          )}
        </pre>
      )}
    </div>
  );
}

function MagicLinkError({ message }: { message: string }) {
  const navigate = useNavigate();
  const { supportEmail } = useSettings();
  const [resend, setResend] = useState<string | null>(null);
  const onResend = async () => {
    const email = storedEmail();
    if (!email) {
      navigate('/login', { state: { notice: 'Bitte gib deine E-Mail-Adresse erneut ein.' } });
      return;
    }
    try {
      await sendMagicLink(email);
      setResend(`Wir haben einen neuen Link an ${email} geschickt.`);
    } catch {
      setResend('Senden fehlgeschlagen. Bitte versuche es erneut.');
    }
  };
  return (
    <>
      <h1 className="text-xl font-semibold">Anmeldung fehlgeschlagen</h1>
      <p role="alert" className="text-muted-foreground">
        {message}
      </p>
      {resend && (
        <p aria-live="polite" className="text-sm">
          {resend}
        </p>
      )}
      <div className="flex flex-wrap justify-center gap-2">
        <Button variant="secondary" onClick={() => navigate(-1)}>
          Zurück
        </Button>
        <Button onClick={() => void onResend()}>Link erneut senden</Button>
        <Link to="/" className={buttonClasses('ghost')}>
          Startseite
        </Link>
      </div>
      <p className="text-sm text-muted-foreground">
        Hilfe:{' '}
        <a className="underline" href={`mailto:${supportEmail}`}>
          {supportEmail}
        </a>
      </p>
    </>
  );
}
