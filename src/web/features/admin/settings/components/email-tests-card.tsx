import { useState } from 'react';
import {
  EMAIL_TEST_LABELS,
  EMAIL_TEST_TYPES,
  emailTestSchema,
  emailTestSummary,
  type EmailTestResponse,
  type EmailTestType,
} from '@shared/admin-test-mails';
import { SettingsCard } from '@web/components/ui/settings-card';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { useSession } from '@web/lib/session';
import { toast } from '@web/lib/toast';
import { labelClass } from '@web/features/admin/kit/admin-styles';
import { useSendTestEmails, type EmailTestInput } from '../api/send-test-emails';
import { serverMessage } from './server-message';
import { Input, Select } from '@web/components/ui/input';
import { ErrorText } from '@web/components/ui/error-text';

/** When the request fails without saying why. */
export const UNKNOWN_ERROR = 'Unbekannter Fehler';

/**
 * The e-mail tests (docs/product/admin.md#email-tests): sample mails of one or all types to a target
 * address (prefilled with the signed-in admin's), then the summary and each type's outcome.
 */
export function EmailTestsCard() {
  const { user } = useSession();
  // null until typed in: until then the field follows the session, which may arrive after the first render
  const [typed, setTyped] = useState<string | null>(null);
  const target = typed ?? user?.email ?? '';
  const [type, setType] = useState<EmailTestType>(EMAIL_TEST_TYPES[0]);
  const [sending, setSending] = useState<EmailTestInput['emailType'] | null>(null);
  const [invalid, setInvalid] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [answer, setAnswer] = useState<EmailTestResponse | null>(null);
  const send = useSendTestEmails();

  const run = async (emailType: EmailTestInput['emailType']) => {
    const parsed = emailTestSchema.safeParse({ emailType, targetEmail: target });
    if (!parsed.success) {
      setInvalid(parsed.error.issues[0]?.message ?? UNKNOWN_ERROR);
      return;
    }
    setInvalid(null);
    setFailure(null);
    setAnswer(null);
    setSending(emailType);
    try {
      const response = await send.mutateAsync(parsed.data);
      setAnswer(response);
      if (response.error) setFailure(response.error);
    } catch (error) {
      const message = serverMessage(error) ?? UNKNOWN_ERROR;
      setFailure(message);
      toast.error(message);
    } finally {
      setSending(null);
    }
  };

  const blocked = !target.trim() || sending !== null;
  return (
    <SettingsCard
      id="email-tests"
      title="E-Mail-Tests"
      description="Schickt Beispiel-E-Mails mit Testdaten an die angegebene Adresse, so wie Käufer, Veranstalter und Admins sie erhalten. Der Betreff beginnt mit [Test]."
    >
      <form
        className="flex flex-col gap-4"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void run(type);
        }}
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="flex flex-col gap-1.5">
            <label htmlFor="email-test-target" className={labelClass}>
              Ziel-E-Mail
            </label>
            <Input
              size="sm"
              id="email-test-target"
              type="email"
              autoComplete="email"
              spellCheck={false}
              value={target}
              onChange={(event) => setTyped(event.target.value)}
              aria-invalid={invalid ? true : undefined}
              aria-describedby={invalid ? 'email-test-target-error' : undefined}
            />
            {invalid && <ErrorText id="email-test-target-error">{invalid}</ErrorText>}
          </div>
          <div className="flex flex-col gap-1.5">
            <label htmlFor="email-test-type" className={labelClass}>
              E-Mail-Typ
            </label>
            <Select
              size="sm"
              id="email-test-type"
              value={type}
              onChange={(event) => setType(event.target.value as EmailTestType)}
            >
              {EMAIL_TEST_TYPES.map((each) => (
                <option key={each} value={each}>
                  {EMAIL_TEST_LABELS[each]}
                </option>
              ))}
            </Select>
          </div>
        </div>
        <div className="flex flex-wrap gap-3">
          <Button variant="secondary" disabled={blocked} onClick={() => void run('all')}>
            {sending === 'all' ? 'Wird gesendet …' : 'Alle senden'}
          </Button>
          <Button type="submit" disabled={blocked}>
            {sending !== null && sending !== 'all' ? 'Wird gesendet …' : 'Ausgewählte senden'}
          </Button>
        </div>
      </form>

      {failure && <ErrorText className="mt-4">{failure}</ErrorText>}
      <div aria-live="polite" className="mt-4 empty:hidden">
        {answer && (answer.results.length > 0 || !answer.error) && <EmailTestResults answer={answer} />}
      </div>
    </SettingsCard>
  );
}

function EmailTestResults({ answer }: { answer: EmailTestResponse }) {
  const failed = answer.results.some((result) => !result.success);
  return (
    <div className="flex flex-col gap-3">
      {failed ? (
        <ErrorText alert={false} className="font-medium">
          {emailTestSummary(answer)}
        </ErrorText>
      ) : (
        <p className="text-sm font-medium text-success">{emailTestSummary(answer)}</p>
      )}
      {answer.results.length > 0 && (
        <ul
          aria-label="Ergebnisse je E-Mail-Typ"
          className="divide-y divide-border rounded-lg border border-border"
        >
          {answer.results.map((result) => (
            <li
              key={result.type}
              className="flex flex-col gap-1 px-3 py-2 text-sm sm:flex-row sm:items-center sm:gap-3"
            >
              <span className="font-medium sm:w-64">{EMAIL_TEST_LABELS[result.type] ?? result.type}</span>
              <span>
                <Badge tone={result.success ? 'success' : 'destructive'}>
                  {result.success ? 'Erfolgreich' : 'Fehlgeschlagen'}
                </Badge>
              </span>
              <span className="break-words text-muted-foreground">{result.message}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
