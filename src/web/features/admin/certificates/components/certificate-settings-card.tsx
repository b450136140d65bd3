import { FileText, ImageUp, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import {
  CERTIFICATE_MESSAGES as M,
  CERTIFICATE_UNIT_LABELS,
  CERTIFICATE_UNITS,
  certificateSettingsSchema,
  incompleteSettings,
  type CertificateSettingsView,
  type CertificateUnit,
} from '@shared/certificates';
import { IMAGE_MIME_TYPES } from '@shared/image-upload';
import { Button, buttonClasses } from '@web/components/ui/button';
import { Field } from '@web/components/ui/field';
import { Input, Select, Textarea } from '@web/components/ui/input';
import { SaveFooter, SettingsCard, SettingsForm } from '@web/components/ui/settings-card';
import { ApiError } from '@web/lib/api-client';
import { toast } from '@web/lib/toast';
import { useSavedFlash } from '@web/lib/use-saved-flash';
import { messageOf } from '@web/features/admin/kit/admin-errors';
import { CheckboxField } from '@web/features/admin/kit/form-field';
import { certificatePreviewUrl } from '../api/certificate-keys';
import {
  useCertificateSettings,
  useCertificateSignature,
  useSaveCertificateSettings,
} from '../api/certificate-settings';

type Values = Omit<CertificateSettingsView, 'hasSignature'>;
type FieldName = keyof Values;

/** The field errors of a refused save: the schema's in the browser, the server's details after it. */
function fieldErrorsOf(issues: { path: PropertyKey[] | string; message: string }[]) {
  const errors: Partial<Record<FieldName, string>> = {};
  for (const issue of issues) {
    const name = (Array.isArray(issue.path) ? issue.path[0] : issue.path) as FieldName;
    errors[name] ??= issue.message;
  }
  return errors;
}

/**
 * The event's card 'Teilnahmebescheinigung' (docs/product/certificates.md#settings): on or off, what the
 * certificate confirms (content, topics, amount in UE or hours), who signs it, the signature image and an
 * accreditation line, with a sample PDF of what was saved.
 */
export function CertificateSettingsCard({ eventId }: { eventId: string }) {
  const settings = useCertificateSettings(eventId);
  return (
    <SettingsCard
      id="certificate"
      title="Teilnahmebescheinigung"
      description="Nach dem Event bekommt jedes eingecheckte Ticket eine Bescheinigung als PDF mit QR-Code zur Echtheitsprüfung – per Mail-Regel „Bescheinigung am Tag danach“, in „Meine Tickets“ und von Hand in der Teilnehmendenliste."
      loading={!settings.data}
      loadError={settings.isError ? 'Die Einstellungen konnten nicht geladen werden.' : null}
    >
      {settings.data && <CertificateSettingsForm eventId={eventId} initial={settings.data} />}
    </SettingsCard>
  );
}

function CertificateSettingsForm({
  eventId,
  initial,
}: {
  eventId: string;
  initial: CertificateSettingsView;
}) {
  const { hasSignature, ...start } = initial;
  const [values, setValues] = useState<Values>(start);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const [saved, flashSaved] = useSavedFlash();
  const save = useSaveCertificateSettings();
  const set = <K extends FieldName>(name: K, value: Values[K]) =>
    setValues((before) => ({ ...before, [name]: value }));

  const submit = async () => {
    const parsed = certificateSettingsSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error.issues));
      setError(parsed.error.issues[0]?.message ?? M.settingsFailed);
      return;
    }
    const missing = incompleteSettings(values);
    if (missing.length > 0) {
      setErrors(fieldErrorsOf(missing));
      setError(M.incomplete);
      return;
    }
    setErrors({});
    setError(null);
    try {
      await save.mutateAsync({ eventId, settings: values });
      flashSaved();
      toast.success(M.settingsSaved);
    } catch (failure) {
      const details = failure instanceof ApiError && Array.isArray(failure.details) ? failure.details : [];
      setErrors(fieldErrorsOf(details as { path: string; message: string }[]));
      const message = messageOf(failure, M.settingsFailed);
      setError(message);
      toast.error(message);
    }
  };

  return (
    <SettingsForm onSubmit={submit}>
      <CheckboxField
        label="Teilnahmebescheinigungen für dieses Event ausstellen"
        checked={values.enabled}
        onChange={(checked) => set('enabled', checked)}
        hint="Ausgestellte Bescheinigungen behalten ihren Text, auch wenn du hier später etwas änderst."
      />
      <Field
        label="Inhalt"
        required={values.enabled}
        error={errors.content}
        hint="Was die Teilnehmenden gelernt oder geübt haben, in ein bis drei Sätzen."
      >
        <Textarea
          size="sm"
          rows={3}
          value={values.content}
          onChange={(event) => set('content', event.target.value)}
        />
      </Field>
      <Field label="Themen" error={errors.topics} hint="Ein Thema pro Zeile, höchstens 12.">
        <Textarea
          size="sm"
          rows={4}
          value={values.topics}
          onChange={(event) => set('topics', event.target.value)}
        />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Umfang" required={values.enabled} error={errors.amount} hint="z. B. 8 oder 6,5">
          <Input
            size="sm"
            inputMode="decimal"
            autoComplete="off"
            value={values.amount}
            onChange={(event) => set('amount', event.target.value)}
          />
        </Field>
        <Field label="Einheit" error={errors.unit}>
          <Select
            size="sm"
            value={values.unit}
            onChange={(event) => set('unit', event.target.value as CertificateUnit)}
          >
            {CERTIFICATE_UNITS.map((unit) => (
              <option key={unit} value={unit}>
                {CERTIFICATE_UNIT_LABELS[unit]}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Name der Leitung" error={errors.leaderName}>
          <Input
            size="sm"
            autoComplete="off"
            value={values.leaderName}
            onChange={(event) => set('leaderName', event.target.value)}
          />
        </Field>
        <Field label="Rolle der Leitung" error={errors.leaderRole} hint="z. B. Kursleitung, Referentin">
          <Input
            size="sm"
            autoComplete="off"
            value={values.leaderRole}
            onChange={(event) => set('leaderRole', event.target.value)}
          />
        </Field>
      </div>
      <Field
        label="Anerkennung (optional)"
        error={errors.accreditation}
        hint="z. B. „Anerkannt als Bildungsurlaub in Hamburg“ oder Fortbildungspunkte einer Kammer."
      >
        <Input
          size="sm"
          autoComplete="off"
          value={values.accreditation}
          onChange={(event) => set('accreditation', event.target.value)}
        />
      </Field>
      <SignatureField eventId={eventId} hasSignature={hasSignature} />
      <SaveFooter error={error} pending={save.isPending} saved={saved} label="Bescheinigung speichern" />
      <div>
        <a href={certificatePreviewUrl(eventId)} download className={buttonClasses('ghost', 'sm', '-ml-3')}>
          <FileText className="h-4 w-4" aria-hidden />
          Vorschau (PDF) mit den gespeicherten Angaben
        </a>
      </div>
    </SettingsForm>
  );
}

/** The signature image: uploaded at once (JPEG, PNG, WebP up to 10 MB), or removed. */
function SignatureField({ eventId, hasSignature }: { eventId: string; hasSignature: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  const { upload, remove } = useCertificateSignature();
  const busy = upload.isPending || remove.isPending;

  const chosen = async (file: File | undefined) => {
    if (!file) return;
    try {
      await upload.mutateAsync({ eventId, file });
      toast.success(M.signatureSaved);
    } catch (failure) {
      toast.error(messageOf(failure, 'Die Unterschrift konnte nicht gespeichert werden.'));
    } finally {
      if (input.current) input.current.value = '';
    }
  };
  const drop = async () => {
    try {
      await remove.mutateAsync(eventId);
      toast.success(M.signatureRemoved);
    } catch (failure) {
      toast.error(messageOf(failure, 'Die Unterschrift konnte nicht entfernt werden.'));
    }
  };

  return (
    <div className="flex flex-col gap-1.5">
      <p className="text-sm font-medium" id="certificate-signature-label">
        Unterschrift
      </p>
      <p className="text-sm text-muted-foreground" id="certificate-signature-hint">
        {hasSignature
          ? 'Eine Unterschrift ist gespeichert; die Vorschau zeigt sie.'
          : 'Noch keine Unterschrift. Ein Foto oder Scan auf weißem Grund, JPEG, PNG oder WebP, höchstens 10 MB.'}
      </p>
      <input
        ref={input}
        type="file"
        accept={IMAGE_MIME_TYPES.join(',')}
        className="sr-only"
        tabIndex={-1}
        aria-hidden
        onChange={(event) => void chosen(event.target.files?.[0])}
      />
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          size="sm"
          disabled={busy}
          aria-describedby="certificate-signature-hint"
          onClick={() => input.current?.click()}
        >
          <ImageUp className="h-4 w-4" aria-hidden />
          {hasSignature ? 'Unterschrift ersetzen' : 'Unterschrift hochladen'}
        </Button>
        {hasSignature && (
          <Button variant="ghost" size="sm" disabled={busy} onClick={() => void drop()}>
            <Trash2 className="h-4 w-4" aria-hidden />
            Unterschrift entfernen
          </Button>
        )}
      </div>
    </div>
  );
}
