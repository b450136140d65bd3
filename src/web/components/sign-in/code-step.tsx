import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Button } from '@web/components/ui/button';
import { ErrorText } from '@web/components/ui/error-text';
import { CodeInput } from './code-input';
import {
  RESEND_WAIT_SECONDS,
  sendFailure,
  sendSignInCode,
  SLOW_VERIFY_MS,
  verifyFailure,
  verifySignInCode,
} from '@web/lib/sign-in-requests';
import type { Countdown } from './use-countdown';

interface CodeStepProps {
  email: string;
  countdown: Countdown;
  /** Inside another page: a smaller heading. */
  inline: boolean;
  errorId: string;
  /** Runs once the code was accepted; what it throws shows as the step's error. */
  onVerified: () => Promise<void>;
  onBack: () => void;
}

/** The code step of the sign-in flow (docs/product/accounts-and-consent.md#code-entry). */
export function CodeStep({ email, countdown, inline, errorId, onVerified, onBack }: CodeStepProps) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [slow, setSlow] = useState(false);
  const [busy, setBusy] = useState(false);
  const submitted = useRef('');
  const heading = useRef<HTMLHeadingElement>(null);
  const complete = /^\d{6}$/.test(code);

  // The e-mail step it replaced is gone with the focus: keyboard and screen-reader users continue at the heading
  // (on the sign-in pages too, where the focus fell to the page's start; e2e/accessibility.spec.ts). In the
  // commit itself, before the browser paints, so no keystroke lands on the page's start in between.
  useLayoutEffect(() => {
    heading.current?.focus();
  }, []);

  const submit = async () => {
    if (!complete || busy) return;
    submitted.current = code;
    setBusy(true);
    setError(null);
    setSlow(false);
    const timer = window.setTimeout(() => setSlow(true), SLOW_VERIFY_MS);
    try {
      await verifySignInCode(email, code);
      await onVerified();
    } catch (failure) {
      setError(verifyFailure(failure));
    } finally {
      window.clearTimeout(timer);
      setSlow(false);
      setBusy(false);
    }
  };

  // Submits by itself once six digits are present, once per distinct code.
  useEffect(() => {
    if (complete && !busy && submitted.current !== code) void submit();
  });

  const resend = async () => {
    setError(null);
    try {
      await sendSignInCode(email);
      countdown.start(RESEND_WAIT_SECONDS);
      setCode('');
      setNotice('Wir haben dir einen neuen Code geschickt.');
    } catch (failure) {
      const { message, wait } = sendFailure(failure);
      if (wait) countdown.start(wait);
      setError(message);
    }
  };

  const sentTo = (
    <>
      Wir haben einen 6-stelligen Code an <strong className="text-foreground">{email}</strong> geschickt.
    </>
  );
  return (
    <form
      className={`flex flex-col ${inline ? 'gap-3' : 'gap-4'}`}
      onSubmit={(event) => {
        event.preventDefault();
        submitted.current = '';
        void submit();
      }}
    >
      <div>
        {inline ? (
          <h3 ref={heading} tabIndex={-1} className="font-semibold outline-none">
            Code eingeben
          </h3>
        ) : (
          <h2 ref={heading} tabIndex={-1} className="text-xl font-semibold outline-none">
            Code eingeben
          </h2>
        )}
        <p className="mt-1 text-sm text-muted-foreground">
          {sentTo}
          {!inline && ' Er ist 10 Minuten gültig.'}
        </p>
      </div>
      <CodeInput
        value={code}
        onChange={setCode}
        disabled={busy}
        invalid={Boolean(error)}
        describedBy={error ? errorId : undefined}
      />
      <div aria-live="polite" className="min-h-5 text-sm">
        {error && (
          <ErrorText id={errorId} size="base">
            {error}
          </ErrorText>
        )}
        {!error && slow && (
          <p className="text-warning">Verbindung langsam oder unterbrochen. Bitte erneut prüfen.</p>
        )}
        {!error && !slow && notice && <p className="text-muted-foreground">{notice}</p>}
      </div>
      <Button type="submit" size="lg" disabled={!complete || busy}>
        {busy ? 'Wird geprüft …' : 'Anmelden'}
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
