import { useEffect, useRef, useState } from 'react';
import { ApiError } from '@web/lib/api-client';
import { Button } from '@web/components/ui/button';
import { sendCode, useSignInMutation, verifyCode } from '../api/auth-requests';
import { useAfterSignIn } from '../use-after-sign-in';
import { CodeInput } from '@web/components/quick-sign-in/code-input';
import { RESEND_WAIT_SECONDS, sendFailure } from './send-failure';
import type { Countdown } from '@web/components/quick-sign-in/use-countdown';

const SLOW_AFTER_MS = 2500; // spec visitor §9: verify timeout 2.5 s

interface CodeStepProps {
  email: string;
  countdown: Countdown;
  onSignedIn: () => void;
  onBack: () => void;
}

export function CodeStep({ email, countdown, onSignedIn, onBack }: CodeStepProps) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [slow, setSlow] = useState(false);
  const afterSignIn = useAfterSignIn();
  const verify = useSignInMutation(verifyCode);
  const submitted = useRef('');
  const complete = /^\d{6}$/.test(code);

  const submit = () => {
    if (!complete || verify.isPending) return;
    submitted.current = code;
    setError(null);
    setSlow(false);
    const timer = window.setTimeout(() => setSlow(true), SLOW_AFTER_MS);
    verify.mutate(
      { email, code },
      {
        onSuccess: (state) => {
          onSignedIn();
          afterSignIn(state);
        },
        onError: (failure) => {
          setError(
            failure instanceof ApiError && failure.status !== 0 && failure.status < 500
              ? failure.message
              : 'Ein unerwarteter Fehler ist aufgetreten. Bitte versuche es erneut.',
          );
        },
        onSettled: () => {
          window.clearTimeout(timer);
          setSlow(false);
        },
      },
    );
  };

  // Submits by itself once six digits are present (spec visitor §2), once per distinct code.
  useEffect(() => {
    if (complete && submitted.current !== code) submit();
  });

  const resend = async () => {
    setError(null);
    try {
      await sendCode(email);
      countdown.start(RESEND_WAIT_SECONDS);
      setCode('');
      setNotice('Wir haben dir einen neuen Code geschickt.');
    } catch (failure) {
      const { message, wait } = sendFailure(
        failure,
        'Fehler beim Senden des Codes. Bitte versuche es erneut.',
      );
      if (wait) countdown.start(wait);
      setError(message);
    }
  };

  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        submitted.current = '';
        submit();
      }}
    >
      <div>
        <h2 className="text-xl font-semibold">Code eingeben</h2>
        <p className="mt-1 text-sm text-muted-foreground">
          Wir haben einen 6-stelligen Code an <strong className="text-foreground">{email}</strong> geschickt.
          Er ist 10 Minuten gültig.
        </p>
      </div>
      <CodeInput
        value={code}
        onChange={setCode}
        disabled={verify.isPending}
        invalid={Boolean(error)}
        describedBy={error ? 'code-error' : undefined}
      />
      <div aria-live="polite" className="min-h-5 text-sm">
        {error && (
          <p id="code-error" role="alert" className="text-destructive">
            {error}
          </p>
        )}
        {!error && slow && (
          <p className="text-warning">Verbindung langsam oder unterbrochen. Bitte erneut prüfen.</p>
        )}
        {!error && !slow && notice && <p className="text-muted-foreground">{notice}</p>}
      </div>
      <Button type="submit" size="lg" disabled={!complete || verify.isPending}>
        {verify.isPending ? 'Wird geprüft …' : 'Anmelden'}
      </Button>
      <div className="flex flex-wrap justify-between gap-2">
        <Button variant="secondary" onClick={onBack}>
          Zurück
        </Button>
        <Button variant="ghost" disabled={countdown.seconds > 0} onClick={() => void resend()}>
          {countdown.seconds > 0 ? `Erneut senden in ${countdown.seconds}s` : 'Code erneut senden'}
        </Button>
      </div>
    </form>
  );
}
