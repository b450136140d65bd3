import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Button } from '@web/components/ui/button';
import { sessionQuery } from '@web/lib/session';
import { QuickCodeStep } from './quick-code-step';
import { RESEND_WAIT_SECONDS, sendFailure, sendSignInCode } from './sign-in-requests';
import { useAddressCountdowns } from './use-countdown';

const EMAIL_REQUIRED = 'Bitte gib deine E-Mail-Adresse ein.'; // spec visitor §5
const EMAIL_INVALID = 'Bitte gib eine gültige E-Mail-Adresse ein.';

/**
 * The quick sign-in of a page that guests may open (the checkout, spec visitor §2): e-mail, then the
 * 6-digit code, right on the page. On success the session query is read again, so the page re-renders
 * signed in and carries on where it was; nothing navigates.
 */
export function QuickSignInCard({ onSignedIn }: { onSignedIn?: () => void }) {
  const queryClient = useQueryClient();
  const [step, setStep] = useState<'email' | 'code'>('email');
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const countdowns = useAddressCountdowns();
  // The wait is the typed address's: after 'Zurück' a corrected one may be sent at once.
  const wait = countdowns.of(email).seconds;
  const id = useId();

  const send = async () => {
    const address = email.trim().toLowerCase();
    if (!address) return setError(EMAIL_REQUIRED);
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address)) return setError(EMAIL_INVALID);
    setBusy(true);
    setError(null);
    try {
      await sendSignInCode(address);
      setEmail(address);
      countdowns.of(address).start(RESEND_WAIT_SECONDS);
      setStep('code');
    } catch (failure) {
      const { message, wait: retryIn } = sendFailure(failure);
      if (retryIn) countdowns.of(address).start(retryIn);
      setError(message);
    } finally {
      setBusy(false);
    }
  };

  const signedIn = async () => {
    await queryClient.fetchQuery({ ...sessionQuery, staleTime: 0 });
    onSignedIn?.();
  };

  if (step === 'code') {
    return (
      <QuickCodeStep
        email={email}
        countdown={countdowns.of(email)}
        onSignedIn={signedIn}
        onBack={() => {
          setStep('email');
          setError(null);
        }}
      />
    );
  }
  const errorId = `${id}-error`;
  return (
    <form
      className="flex flex-col gap-3"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <p className="text-sm text-muted-foreground">
        Melde dich ohne Passwort an: Wir schicken dir einen 6-stelligen Code per E-Mail.
      </p>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-email`} className="text-sm font-medium">
          E-Mail-Adresse
        </label>
        <input
          id={`${id}-email`}
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="h-12 rounded-lg border border-input bg-background px-3 text-base outline-none focus:border-primary focus:ring-2 focus:ring-ring/40"
          placeholder="name@beispiel.de"
        />
      </div>
      <div aria-live="polite" className="text-sm">
        {error && (
          <p id={errorId} role="alert" className="text-destructive">
            {error}
          </p>
        )}
      </div>
      <Button type="submit" size="lg" disabled={busy || wait > 0}>
        {wait > 0 ? `Erneut senden in ${wait}s` : 'Code senden'}
      </Button>
    </form>
  );
}
