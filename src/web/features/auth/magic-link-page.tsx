import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Loader2 } from 'lucide-react';
import { Button, buttonClasses } from '@web/components/ui/button';
import { apiFetch, ApiError } from '@web/lib/api-client';
import { usePageTitle } from '@web/lib/page-title';
import { useSettings } from '@web/lib/settings';

type State = { kind: 'loading' } | { kind: 'success' } | { kind: 'error'; message: string };

/** spec visitor §4 'Magic-link handler': loading, then success or error. */
export function MagicLinkPage() {
  usePageTitle('Anmeldung');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { supportEmail } = useSettings();
  const [state, setState] = useState<State>({ kind: 'loading' });
  const token = params.get('token') ?? params.get('code');

  useEffect(() => {
    if (!token) {
      setState({ kind: 'error', message: 'Magic Link ist ungültig oder abgelaufen.' });
      return;
    }
    apiFetch('/api/auth/magic-link/verify', { method: 'POST', body: JSON.stringify({ token }) })
      .then(() => setState({ kind: 'success' }))
      .catch((error: unknown) => {
        const message =
          error instanceof ApiError && error.status !== 404
            ? error.message
            : 'Magic Link ist ungültig oder abgelaufen.';
        setState({ kind: 'error', message });
      });
  }, [token]);

  if (state.kind === 'loading') {
    return (
      <div role="status" className="flex flex-col items-center gap-3 py-6 text-center">
        <Loader2 className="h-8 w-8 animate-spin text-primary" aria-hidden />
        <h1 className="text-xl font-semibold">Anmeldung wird geprüft …</h1>
      </div>
    );
  }
  if (state.kind === 'success') {
    return <h1 className="text-center text-xl font-semibold">Du bist angemeldet.</h1>;
  }
  return (
    <div className="flex flex-col gap-4 text-center">
      <h1 className="text-xl font-semibold">Anmeldung fehlgeschlagen</h1>
      <p role="alert" className="text-muted-foreground">
        {state.message}
      </p>
      <div className="flex flex-wrap justify-center gap-2">
        <Button variant="secondary" onClick={() => navigate(-1)}>
          Zurück
        </Button>
        <Link to="/login" className={buttonClasses('primary')}>
          Link erneut senden
        </Link>
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
    </div>
  );
}
