import { useState } from 'react';
import { emailSchema } from '@shared/auth-schemas';
import { Button } from '@web/components/ui/button';
import { sendCode, sendMagicLink } from '../api/auth-requests';
import { rememberEmail } from '../auth-storage';
import { CodeStep } from './code-step';
import { RESEND_WAIT_SECONDS, sendFailure } from './send-failure';
import { useAddressCountdowns } from '@web/components/quick-sign-in/use-countdown';

/** E-mail step, then code step (spec visitor §2 'Sign-in pages'). */
export function SignInCard({ onSignedIn, onBack }: { onSignedIn: () => void; onBack?: () => void }) {
  const [step, setStep] = useState<'email' | 'code' | 'link-sent'>('email');
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const countdowns = useAddressCountdowns();
  // The wait is the typed address's: after 'Zurück' a corrected one may be sent at once.
  const wait = countdowns.of(email).seconds;

  const submit = async (kind: 'code' | 'link') => {
    const parsed = emailSchema.safeParse(email);
    if (!parsed.success)
      return setError(parsed.error.issues[0]?.message ?? 'Bitte gib deine E-Mail-Adresse ein.');
    setBusy(true);
    setError(null);
    try {
      await (kind === 'code' ? sendCode(parsed.data) : sendMagicLink(parsed.data));
      rememberEmail(parsed.data);
      setEmail(parsed.data);
      countdowns.of(parsed.data).start(RESEND_WAIT_SECONDS);
      setStep(kind === 'code' ? 'code' : 'link-sent');
    } catch (failure) {
      const fallback =
        kind === 'code'
          ? 'Fehler beim Senden des Codes. Bitte versuche es erneut.'
          : 'Fehler beim Senden des Magic Links. Bitte versuche es erneut.';
      const { message, wait: retryIn } = sendFailure(failure, fallback);
      if (retryIn) countdowns.of(parsed.data).start(retryIn);
      setError(message);
    } finally {
      setBusy(false);
    }
  };

  if (step === 'code') {
    return (
      <CodeStep
        email={email}
        countdown={countdowns.of(email)}
        onSignedIn={onSignedIn}
        onBack={() => {
          setStep('email');
          setError(null);
        }}
      />
    );
  }
  if (step === 'link-sent') {
    return (
      <div className="flex flex-col gap-4" aria-live="polite">
        <h2 className="text-xl font-semibold">Schau in dein Postfach</h2>
        <p className="text-muted-foreground">
          Wir haben einen Anmeldelink an <strong className="text-foreground">{email}</strong> geschickt. Öffne
          ihn in diesem Browser.
        </p>
        <Button variant="secondary" onClick={() => setStep('email')}>
          Zurück
        </Button>
      </div>
    );
  }
  return (
    <form
      className="flex flex-col gap-4"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit('code');
      }}
    >
      <div className="flex flex-col gap-1.5">
        <label htmlFor="sign-in-email" className="text-sm font-medium">
          E-Mail-Adresse
        </label>
        <input
          id="sign-in-email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'sign-in-error' : undefined}
          className="h-12 rounded-lg border border-input bg-background px-3 text-base outline-none focus:border-primary focus:ring-2 focus:ring-ring/40"
          placeholder="name@beispiel.de"
        />
      </div>
      {error && (
        <p id="sign-in-error" role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
      <Button type="submit" size="lg" disabled={busy || wait > 0}>
        {wait > 0 ? `Erneut senden in ${wait}s` : 'Code senden'}
      </Button>
      <Button variant="ghost" size="sm" disabled={busy || wait > 0} onClick={() => void submit('link')}>
        Lieber einen Anmeldelink per E-Mail
      </Button>
      {onBack && (
        <Button variant="secondary" onClick={onBack}>
          Zurück
        </Button>
      )}
    </form>
  );
}
