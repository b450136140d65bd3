import { useEffect } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { usePageTitle } from '@web/lib/page-title';
import { useSession } from '@web/lib/session';
import { isCompletingSignIn, rememberRedirect, setCompletingSignIn, storedRedirect } from './auth-storage';
import { SignInCard } from './components/sign-in-card';

interface FromState {
  from?: { pathname?: string; search?: string };
}

/** The origin a guard remembered (router state), kept in session storage across the code round trip. */
export function useRememberedOrigin() {
  const location = useLocation();
  const from = (location.state as FromState | null)?.from;
  useEffect(() => {
    setCompletingSignIn(false);
    if (from?.pathname) rememberRedirect(`${from.pathname}${from.search ?? ''}`);
  }, [from?.pathname, from?.search]);
}

export function LoginPage() {
  usePageTitle('Anmelden');
  useRememberedOrigin();
  const navigate = useNavigate();
  const { status } = useSession();
  if (status === 'signed-in' && !isCompletingSignIn()) return <Navigate to={storedRedirect()} replace />;
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Anmelden</h1>
        <p className="mt-1 text-sm text-muted-foreground">
          Ohne Passwort: Wir schicken dir einen 6-stelligen Code per E-Mail.
        </p>
      </div>
      <SignInCard onBack={() => navigate(-1)} />
    </div>
  );
}
