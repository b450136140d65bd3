import { useState, type ReactNode } from 'react';
import { MAIL_SIGNATURE_MAX_LENGTH, mailSignatureSchema } from '@shared/admin-settings';
import { LoadingText, SaveFooter, SettingsCard } from '@web/components/ui/settings-card';
import { formatCount } from '@web/lib/format';
import { labelClass } from '@web/features/admin/kit/admin-styles';
import { useAdminSettings } from '../api/get-admin-settings';
import { useSaveMailSignature } from '../api/save-mail-signature';
import { loadErrorOf } from './server-message';
import { useSettingsSave } from './use-settings-save';
import { Textarea } from '@web/components/ui/input';

/**
 * 'Automatische E-Mails' (docs/product/event-mails.md): the signature under rule mails and messages, and the
 * rules that write to every event's participants (`mailRules`, from the mail-rules area; the admin shell
 * passes them: docs/decisions/052-admin-areas-as-features.md).
 */
export function MailSettingsCard({ mailRules }: { mailRules?: ReactNode }) {
  const settings = useAdminSettings();
  const data = settings.data?.settings;
  return (
    <SettingsCard
      id="mails"
      title="Automatische E-Mails"
      description="E-Mails, die vor Beginn oder nach Ende eines Events von selbst an die Teilnehmenden gehen."
    >
      <div className="flex flex-col gap-6">
        {data ? (
          <SignatureForm initial={data.mailSignature.text} />
        ) : (
          <LoadingText error={loadErrorOf(settings)} />
        )}
        {mailRules}
      </div>
    </SettingsCard>
  );
}

function SignatureForm({ initial }: { initial: string }) {
  const [text, setText] = useState(initial);
  const save = useSaveMailSignature();
  const { error, saved, submit } = useSettingsSave(mailSignatureSchema, save.mutateAsync);
  return (
    <form
      className="flex flex-col gap-3"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit({ text });
      }}
    >
      <div className="flex flex-col gap-1.5">
        <label htmlFor="settings-mail-signature" className={labelClass}>
          Signatur unter automatischen E-Mails und Nachrichten
        </label>
        <Textarea
          id="settings-mail-signature"
          value={text}
          rows={4}
          maxLength={MAIL_SIGNATURE_MAX_LENGTH}
          aria-invalid={error ? true : undefined}
          aria-describedby="settings-mail-signature-hint"
          onChange={(event) => setText(event.target.value)}
          className="h-auto py-2 leading-relaxed"
        />
        <p id="settings-mail-signature-hint" className="text-xs text-muted-foreground">
          Z. B. dein Name und wie man dich erreicht. {formatCount(text.length)} von{' '}
          {formatCount(MAIL_SIGNATURE_MAX_LENGTH)} Zeichen.
        </p>
      </div>
      <SaveFooter error={error} pending={save.isPending} saved={saved} />
    </form>
  );
}
