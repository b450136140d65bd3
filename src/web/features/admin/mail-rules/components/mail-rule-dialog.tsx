import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import {
  MAIL_RULE_AUDIENCES,
  MAIL_RULE_AUDIENCE_LABELS,
  MAIL_RULE_MESSAGES,
  mailPreviewSchema,
  type MailPreview,
  type MailRule,
  type MailRuleAudience,
} from '@shared/mail-rules';
import { Button } from '@web/components/ui/button';
import { DialogActions } from '@web/components/ui/dialog-actions';
import { toast } from '@web/lib/toast';
import { messageOf } from '@web/features/admin/kit/admin-errors';
import { checkboxClass } from '@web/features/admin/kit/admin-styles';
import { Field } from '@web/components/ui/field';
import { usePreviewMailRule } from '../api/preview-mail-rule';
import { useCreateMailRule, useUpdateMailRule } from '../api/save-mail-rule';
import {
  checkRule,
  inputOf,
  ruleErrorsOf,
  serverRuleErrors,
  valuesOf,
  type MailRuleValues,
  type RuleErrors,
} from '../mail-rule-form-values';
import { MailPreviewPanel } from './mail-preview-panel';
import { PlaceholderList } from './placeholder-list';
import { RuleTimingFields } from './rule-timing-fields';
import { Input, Select, Textarea } from '@web/components/ui/input';
import { ErrorText } from '@web/components/ui/error-text';
import { Form } from '@web/components/ui/form';

/** What the dialog edits: a stored rule, or a new one (global, an event's own, or an event's fassung). */
export type RuleEditing =
  | { kind: 'edit'; rule: MailRule }
  | { kind: 'create'; values: MailRuleValues; eventId?: string | null; overridesRuleId?: string | null };

const SAVE_FAILED = 'Die Regel konnte nicht gespeichert werden.';
const PREVIEW_FAILED = 'Die Vorschau konnte nicht erstellt werden.';
const CHECK_INPUT = 'Bitte Eingaben prüfen.';

function titleOf(editing: RuleEditing): string {
  if (editing.kind === 'edit') {
    return editing.rule.overridesRuleId ? 'Fassung für dieses Event bearbeiten' : 'Regel bearbeiten';
  }
  if (editing.overridesRuleId) return 'Regel für dieses Event anpassen';
  return editing.eventId ? 'Eigene Regel für dieses Event' : 'Neue Regel';
}

/**
 * The edit dialog of a mail rule (docs/product/event-mails.md#mail-rules), for the global rules and an
 * event's own rules and fassungen alike. `previewEventId`: whose first ticket fills the preview.
 */
export function MailRuleDialog({
  editing,
  previewEventId = null,
  onClose,
}: {
  editing: RuleEditing | null;
  previewEventId?: string | null;
  onClose: () => void;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <Dialog.Root open={editing !== null} onOpenChange={(next) => !next && !busy && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 max-h-[92vh] w-[95vw] max-w-2xl -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-card p-5 text-card-foreground shadow-xl">
          {editing && (
            <>
              <Dialog.Title className="text-lg font-semibold">{titleOf(editing)}</Dialog.Title>
              <Dialog.Description className="mt-1 text-sm text-muted-foreground">
                Die E-Mail geht zum gewählten Zeitpunkt einmal an jedes passende Ticket.
              </Dialog.Description>
              <RuleForm
                editing={editing}
                previewEventId={previewEventId}
                onBusy={setBusy}
                onClose={onClose}
              />
            </>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function RuleForm({
  editing,
  previewEventId,
  onBusy,
  onClose,
}: {
  editing: RuleEditing;
  previewEventId: string | null;
  onBusy: (busy: boolean) => void;
  onClose: () => void;
}) {
  const [values, setValues] = useState<MailRuleValues>(() =>
    editing.kind === 'edit' ? valuesOf(editing.rule) : editing.values,
  );
  const [errors, setErrors] = useState<RuleErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [preview, setPreview] = useState<MailPreview | null>(null);
  const create = useCreateMailRule();
  const update = useUpdateMailRule();
  const previewMail = usePreviewMailRule();
  const saving = create.isPending || update.isPending;

  const set = <K extends keyof MailRuleValues>(key: K, value: MailRuleValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    if (key === 'subject' || key === 'body') setPreview(null);
  };

  const refuse = (fieldErrors: RuleErrors, message: string | null) => {
    setErrors(fieldErrors);
    setFormError(message);
  };
  /** A 422 names its fields: the messages go there; anything else is the server's reason or ours. */
  const refusedByServer = (failure: unknown, fallback: string) => {
    const fieldErrors = serverRuleErrors(failure);
    refuse(fieldErrors ?? {}, fieldErrors ? CHECK_INPUT : messageOf(failure, fallback));
  };

  const save = async () => {
    const target = editing.kind === 'create' ? editing : {};
    const checked = checkRule(inputOf(values, target));
    if (!checked.ok) return refuse(checked.errors, CHECK_INPUT);
    refuse({}, null);
    onBusy(true);
    try {
      if (editing.kind === 'edit') await update.mutateAsync({ id: editing.rule.id, input: checked.input });
      else await create.mutateAsync(checked.input);
      toast.success(MAIL_RULE_MESSAGES.saved);
      onBusy(false);
      onClose();
    } catch (failure) {
      onBusy(false);
      refusedByServer(failure, SAVE_FAILED);
    }
  };

  const showPreview = async () => {
    const parsed = mailPreviewSchema.safeParse({
      subject: values.subject,
      body: values.body,
      ...(previewEventId ? { eventId: previewEventId } : {}),
    });
    if (!parsed.success) return refuse(ruleErrorsOf(parsed.error.issues), CHECK_INPUT);
    refuse({}, null);
    try {
      setPreview(await previewMail.mutateAsync(parsed.data));
    } catch (failure) {
      refusedByServer(failure, PREVIEW_FAILED);
    }
  };

  return (
    <Form className="mt-4 flex flex-col gap-4" onSubmit={save}>
      <Field label="Name" required error={errors.name}>
        {(control) => (
          <Input
            size="sm"
            {...control}
            value={values.name}
            maxLength={100}
            onChange={(event) => set('name', event.target.value)}
          />
        )}
      </Field>
      <RuleTimingFields values={values} errors={errors} onChange={set} />
      <Field label="Empfänger" error={errors.audience}>
        {(control) => (
          <Select
            size="sm"
            {...control}
            value={values.audience}
            onChange={(event) => set('audience', event.target.value as MailRuleAudience)}
          >
            {MAIL_RULE_AUDIENCES.map((audience) => (
              <option key={audience} value={audience}>
                {MAIL_RULE_AUDIENCE_LABELS[audience]}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label="Betreff" required error={errors.subject}>
        {(control) => (
          <Input
            size="sm"
            {...control}
            value={values.subject}
            maxLength={200}
            onChange={(event) => set('subject', event.target.value)}
          />
        )}
      </Field>
      <Field label="Text" required error={errors.body} hint="Die Platzhalter stehen unten.">
        {(control) => (
          <Textarea
            {...control}
            value={values.body}
            rows={8}
            onChange={(event) => set('body', event.target.value)}
            className="h-auto min-h-40 py-2 leading-relaxed"
          />
        )}
      </Field>
      <PlaceholderList id="mail-rule-placeholders" />
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={values.attachTicket}
          onChange={(event) => set('attachTicket', event.target.checked)}
          className={checkboxClass}
        />
        Ticket als PDF anhängen
      </label>
      {/* docs/product/certificates.md#mail: issued if none yet; only events with certificates on get the rule */}
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={values.attachCertificate}
          onChange={(event) => set('attachCertificate', event.target.checked)}
          className={checkboxClass}
        />
        Teilnahmebescheinigung als PDF anhängen (nur bei Events mit Bescheinigung)
      </label>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={values.enabled}
          onChange={(event) => set('enabled', event.target.checked)}
          className={checkboxClass}
        />
        Aktiv
      </label>
      {preview && <MailPreviewPanel preview={preview} />}
      {formError && <ErrorText>{formError}</ErrorText>}
      <DialogActions onCancel={onClose} busy={saving} submitLabel="Speichern" busyLabel="Wird gespeichert …">
        <Button variant="secondary" onClick={() => void showPreview()} disabled={previewMail.isPending}>
          {previewMail.isPending ? 'Vorschau wird erstellt …' : 'Vorschau'}
        </Button>
      </DialogActions>
    </Form>
  );
}
