import { useEffect, useId, useRef, useState } from 'react';
import {
  MAIL_RULE_MESSAGES,
  participantMessageSchema,
  type ParticipantMessageInput,
  type ParticipantMessagePreview,
} from '@shared/mail-rules';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { Button } from '@web/components/ui/button';
import { DialogActions } from '@web/components/ui/dialog-actions';
import { ApiError } from '@web/lib/api-client';
import { toast } from '@web/lib/toast';
import { labelClass } from '@web/features/admin/kit/admin-styles';
import { usePreviewParticipantMessage } from '../api/preview-participant-message';
import { useSendParticipantMessage } from '../api/send-participant-message';
import { PlaceholderButtons, PreviewPane } from './message-preview';
import { Input, Textarea } from '@web/components/ui/input';
import { ErrorText } from '@web/components/ui/error-text';
import { Form } from '@web/components/ui/form';
import { FormDialog } from '@web/components/ui/form-dialog';

// 'Nachricht an alle' (docs/product/event-mails.md#participant-message): subject and text with placeholders,
// a preview as the first recipient gets it, and 'Senden' after 'An {n} Personen senden?'.

type Field = 'subject' | 'body';
type FieldErrors = Partial<Record<Field, string>>;

export const MESSAGE_DIALOG_TEXTS = {
  toAll: 'Nachricht an alle',
  toSelected: (count: number) => `Nachricht an ${count} Ausgewählte`,
  descriptionAll:
    'Geht per E-Mail an alle mit gültigem Ticket für diese Veranstaltung. Wer mehrere Tickets hat, bekommt sie nur einmal.',
  descriptionSelected:
    'Geht per E-Mail an die Personen der ausgewählten gültigen Tickets. Wer mehrere Tickets hat, bekommt sie nur einmal.',
  confirm: (count: number) => (count === 1 ? 'An 1 Person senden?' : `An ${count} Personen senden?`),
  confirmDescription:
    'Jede Person bekommt die Nachricht mit ihren eigenen Angaben. Eine verschickte Nachricht lässt sich nicht zurückholen.',
  failed: 'Die Nachricht wurde nicht verschickt.',
  previewFailed: 'Die Vorschau konnte nicht erstellt werden.',
} as const;

/** Field errors of zod's issues in the browser or of a 422's details from the server. */
function fieldErrorsOf(issues: readonly { path: PropertyKey[] | string; message: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = Array.isArray(issue.path) ? String(issue.path[0]) : String(issue.path).split('.')[0];
    if (field === 'subject' || field === 'body') errors[field] ??= issue.message;
  }
  return errors;
}

export function ParticipantMessageDialog({
  open,
  eventId,
  ticketIds,
  onClose,
}: {
  open: boolean;
  eventId: string;
  /** The chosen tickets; undefined: every active ticket of the event. */
  ticketIds?: string[];
  onClose: () => void;
}) {
  const title = ticketIds ? MESSAGE_DIALOG_TEXTS.toSelected(ticketIds.length) : MESSAGE_DIALOG_TEXTS.toAll;
  const [busy, setBusy] = useState(false);
  return (
    <FormDialog
      open={open}
      onClose={() => !busy && onClose()}
      width="2xl"
      title={title}
      description={ticketIds ? MESSAGE_DIALOG_TEXTS.descriptionSelected : MESSAGE_DIALOG_TEXTS.descriptionAll}
    >
      <MessageForm
        eventId={eventId}
        ticketIds={ticketIds}
        busy={busy}
        setBusy={setBusy}
        onCancel={onClose}
        onSent={onClose}
      />
    </FormDialog>
  );
}

function MessageForm({
  eventId,
  ticketIds,
  busy,
  setBusy,
  onCancel,
  onSent,
}: {
  eventId: string;
  ticketIds?: string[];
  busy: boolean;
  setBusy: (busy: boolean) => void;
  onCancel: () => void;
  onSent: () => void;
}) {
  const id = useId();
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [general, setGeneral] = useState<string | null>(null);
  const [preview, setPreview] = useState<ParticipantMessagePreview | null>(null);
  const [confirming, setConfirming] = useState<number | null>(null);
  const lastField = useRef<Field>('body');
  const fields = useRef<Record<Field, HTMLInputElement | HTMLTextAreaElement | null>>({
    subject: null,
    body: null,
  });
  // the field to focus once the form is enabled again (a disabled field takes no focus)
  const [focusing, setFocusing] = useState<{ field: Field } | null>(null);
  useEffect(() => {
    if (focusing && !busy) fields.current[focusing.field]?.focus();
  }, [focusing, busy]);
  const previewMessage = usePreviewParticipantMessage(eventId);
  const sendMessage = useSendParticipantMessage(eventId);

  const refuse = (failure: unknown, fallback: string) => {
    const details = failure instanceof ApiError && Array.isArray(failure.details) ? failure.details : [];
    const next = fieldErrorsOf(details as { path: string; message: string }[]);
    setErrors(next);
    const first = (['subject', 'body'] as const).find((field) => next[field]);
    if (first) {
      setFocusing({ field: first });
      setGeneral(null);
    } else {
      setGeneral(failure instanceof ApiError && failure.code !== 'unknown' ? failure.message : fallback);
    }
  };

  /** Checks the input here first, with the server's schema; answers it or null. */
  const validInput = (): ParticipantMessageInput | null => {
    const parsed = participantMessageSchema.safeParse({ subject, body, ticketIds });
    if (parsed.success) {
      setErrors({});
      setGeneral(null);
      setFocusing(null);
      return parsed.data;
    }
    const next = fieldErrorsOf(parsed.error.issues);
    setErrors(next);
    if (next.subject || next.body) {
      setGeneral(null);
      setFocusing({ field: next.subject ? 'subject' : 'body' });
    } else {
      // e.g. a chosen ticket without a valid id: nothing to show at a field
      setGeneral(parsed.error.issues[0]?.message ?? MESSAGE_DIALOG_TEXTS.failed);
    }
    return null;
  };

  const showPreview = async (): Promise<ParticipantMessagePreview | null> => {
    const input = validInput();
    if (!input) return null;
    setBusy(true);
    try {
      const answer = await previewMessage.mutateAsync(input);
      setPreview(answer);
      return answer;
    } catch (failure) {
      refuse(failure, MESSAGE_DIALOG_TEXTS.previewFailed);
      return null;
    } finally {
      setBusy(false);
    }
  };

  const askToSend = async () => {
    const answer = await showPreview();
    if (!answer) return;
    if (answer.recipients === 0) setGeneral(MAIL_RULE_MESSAGES.noRecipients);
    else setConfirming(answer.recipients);
  };

  const send = async () => {
    const input = validInput();
    if (!input) {
      setConfirming(null);
      return;
    }
    setBusy(true);
    try {
      const result = await sendMessage.mutateAsync(input);
      setConfirming(null);
      toast.success(result.message);
      setBusy(false);
      onSent();
    } catch (failure) {
      setConfirming(null);
      setBusy(false);
      refuse(failure, MESSAGE_DIALOG_TEXTS.failed);
      toast.error(MESSAGE_DIALOG_TEXTS.failed);
    }
  };

  /** Puts `{name}` where the cursor was in the field last used (the text by default). */
  const insertPlaceholder = (name: string) => {
    const field = lastField.current;
    const element = fields.current[field];
    const value = field === 'subject' ? subject : body;
    const start = element?.selectionStart ?? value.length;
    const end = element?.selectionEnd ?? value.length;
    const token = `{${name}}`;
    const next = value.slice(0, start) + token + value.slice(end);
    (field === 'subject' ? setSubject : setBody)(next);
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(start + token.length, start + token.length);
    });
  };

  const describedBy = (field: Field) => (errors[field] ? `${id}-${field}-error` : undefined);

  return (
    <Form className="mt-4 flex flex-col gap-4" onSubmit={askToSend}>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-subject`} className={labelClass}>
          Betreff
        </label>
        <Input
          size="sm"
          id={`${id}-subject`}
          ref={(element) => {
            fields.current.subject = element;
          }}
          value={subject}
          disabled={busy}
          maxLength={200}
          onFocus={() => (lastField.current = 'subject')}
          onChange={(event) => setSubject(event.target.value)}
          aria-invalid={errors.subject ? true : undefined}
          aria-describedby={describedBy('subject')}
        />
        {errors.subject && (
          <ErrorText id={`${id}-subject-error`} alert={false}>
            {errors.subject}
          </ErrorText>
        )}
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-body`} className={labelClass}>
          Text
        </label>
        <Textarea
          size="sm"
          id={`${id}-body`}
          ref={(element) => {
            fields.current.body = element;
          }}
          value={body}
          disabled={busy}
          rows={8}
          onFocus={() => (lastField.current = 'body')}
          onChange={(event) => setBody(event.target.value)}
          aria-invalid={errors.body ? true : undefined}
          aria-describedby={describedBy('body')}
        />
        {errors.body && (
          <ErrorText id={`${id}-body-error`} alert={false}>
            {errors.body}
          </ErrorText>
        )}
      </div>
      <PlaceholderButtons disabled={busy} onPick={insertPlaceholder} />

      {general && <ErrorText>{general}</ErrorText>}

      {preview && <PreviewPane preview={preview} />}

      <DialogActions onCancel={onCancel} busy={busy} submitLabel="Senden" busyLabel="Senden">
        <Button variant="secondary" onClick={() => void showPreview()} disabled={busy}>
          Vorschau
        </Button>
      </DialogActions>

      <ConfirmDialog
        open={confirming !== null}
        title={MESSAGE_DIALOG_TEXTS.confirm(confirming ?? 0)}
        description={MESSAGE_DIALOG_TEXTS.confirmDescription}
        confirmLabel="Senden"
        busyLabel="Wird gesendet …"
        busy={busy}
        onCancel={() => setConfirming(null)}
        onConfirm={send}
        // after a refused send, to the field at fault instead of back to 'Senden'
        returnFocus={() => (focusing ? fields.current[focusing.field] : null)}
      />
    </Form>
  );
}
