import { useId, useState } from 'react';
import { Button } from '@web/components/ui/button';
import { ErrorText } from '@web/components/ui/error-text';
import { Field } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { CodeStep } from './code-step';
import {
  CODE_SEND_FAILED,
  LINK_SEND_FAILED,
  RESEND_WAIT_SECONDS,
  sendFailure,
  sendMagicLink,
  sendSignInCode,
} from '@web/lib/sign-in-requests';
import { useAddressCountdowns } from './use-countdown';

// The address rule is the server's zod schema; zod comes with the first focus on the field or the first send,
// not in the page's first download (decision 043).
const loadEmailSchema = () => import('@shared/auth-schemas').then((module) => module.emailSchema);

export interface SignInFlowProps {
  /**
   * 'page': the card of the sign-in pages (/login, /event/:slug/login), with the magic link as the other
   * way. 'inline': inside a page guests may open (the checkout), with a short introduction; it never
   * navigates, `onVerified` carries the page on.
   */
  variant: 'page' | 'inline';
  /** Runs once the code was accepted; what it throws shows as the code step's error. */
  onVerified: () => Promise<void>;
  /** A code or a link went out to the address (trimmed, lowercase). */
  onSent?: (email: string) => void;
  /** A 'Zurück' below the e-mail step. */
  onBack?: () => void;
}

/**
 * Sign-in without a password (docs/product/accounts-and-consent.md#passwordless): the e-mail, then the
 * 6-digit code; on the sign-in pages a magic link instead of the code.
 */
export function SignInFlow({ variant, onVerified, onSent, onBack }: SignInFlowProps) {
  const inline = variant === 'inline';
  const [step, setStep] = useState<'email' | 'code' | 'link-sent'>('email');
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const countdowns = useAddressCountdowns();
  // The wait is the typed address's: after 'Zurück' a corrected one may be sent at once.
  const wait = countdowns.of(email).seconds;
  const id = useId();
  // The sign-in pages keep their fixed ids; a card inside another page makes its own.
  const ids = inline
    ? { email: `${id}-email`, error: `${id}-error`, codeError: `${id}-error` }
    : { email: 'sign-in-email', error: 'sign-in-error', codeError: 'code-error' };

  const send = async (kind: 'code' | 'link') => {
    setBusy(true);
    const parsed = (await loadEmailSchema()).safeParse(email);
    if (!parsed.success) {
      setBusy(false);
      return setError(parsed.error.issues[0]?.message ?? 'Bitte gib deine E-Mail-Adresse ein.');
    }
    setError(null);
    try {
      await (kind === 'code' ? sendSignInCode(parsed.data) : sendMagicLink(parsed.data));
      onSent?.(parsed.data);
      setEmail(parsed.data);
      countdowns.of(parsed.data).start(RESEND_WAIT_SECONDS);
      setStep(kind === 'code' ? 'code' : 'link-sent');
    } catch (failure) {
      const { message, wait: retryIn } = sendFailure(
        failure,
        kind === 'code' ? CODE_SEND_FAILED : LINK_SEND_FAILED,
      );
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
        inline={inline}
        errorId={ids.codeError}
        onVerified={onVerified}
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
  const errorText = error && (
    <ErrorText id={ids.error} size={inline ? 'base' : 'sm'}>
      {error}
    </ErrorText>
  );
  return (
    <form
      className={`flex flex-col ${inline ? 'gap-3' : 'gap-4'}`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void send('code');
      }}
    >
      {inline && (
        <p className="text-sm text-muted-foreground">
          Melde dich ohne Passwort an: Wir schicken dir einen 6-stelligen Code per E-Mail.
        </p>
      )}
      <Field label="E-Mail-Adresse" id={ids.email}>
        <Input
          size="lg"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          onFocus={() => void loadEmailSchema()}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? ids.error : undefined}
          placeholder="name@beispiel.de"
        />
      </Field>
      {inline ? (
        <div aria-live="polite" className="text-sm">
          {errorText}
        </div>
      ) : (
        errorText
      )}
      <Button type="submit" size="lg" disabled={busy || wait > 0}>
        {wait > 0 ? `Erneut senden in ${wait}s` : 'Code senden'}
      </Button>
      {!inline && (
        <Button variant="ghost" size="sm" disabled={busy || wait > 0} onClick={() => void send('link')}>
          Lieber einen Anmeldelink per E-Mail
        </Button>
      )}
      {onBack && (
        <Button variant="secondary" onClick={onBack}>
          Zurück
        </Button>
      )}
    </form>
  );
}
