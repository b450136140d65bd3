import { useState } from 'react';
import type { MailRule } from '@shared/mail-rules';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { toast } from '@web/lib/toast';
import { messageOf } from '@web/features/admin/kit/admin-errors';
import { useDeleteMailRule } from '../api/delete-mail-rule';
import { useUpdateMailRule } from '../api/save-mail-rule';
import { ruleInputOf } from '../mail-rule-form-values';
import { MailRuleDialog, type RuleEditing } from './mail-rule-dialog';
import { MailRuleLogDialog } from './mail-rule-log-dialog';

interface Deleting {
  rule: MailRule;
  /** An event's fassung: the global rule applies to the event again. */
  globalName?: string;
}

/**
 * What a list of rules opens: the edit dialog, the send log, the question before deleting, and the 'an/aus'
 * switch's save. `previewEventId`: whose first ticket fills the dialog's preview.
 */
export function useRuleDialogs(previewEventId: string | null = null) {
  const [editing, setEditing] = useState<RuleEditing | null>(null);
  const [logRule, setLogRule] = useState<MailRule | null>(null);
  const [deleting, setDeleting] = useState<Deleting | null>(null);
  const remove = useDeleteMailRule();
  const update = useUpdateMailRule();
  const [togglingId, setTogglingId] = useState<string | null>(null);

  const toggle = async (rule: MailRule) => {
    setTogglingId(rule.id);
    try {
      await update.mutateAsync({ id: rule.id, input: ruleInputOf(rule, { enabled: !rule.enabled }) });
    } catch (failure) {
      toast.error(messageOf(failure, 'Die Regel konnte nicht geändert werden.'));
    } finally {
      setTogglingId(null);
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      const answer = await remove.mutateAsync(deleting.rule.id);
      toast.success(
        deleting.globalName ? 'Für dieses Event gilt wieder die allgemeine Regel.' : answer.message,
      );
      setDeleting(null);
    } catch (failure) {
      toast.error(messageOf(failure, 'Löschen fehlgeschlagen.'));
    }
  };

  const dialogs = (
    <>
      <MailRuleDialog editing={editing} previewEventId={previewEventId} onClose={() => setEditing(null)} />
      <MailRuleLogDialog rule={logRule} onClose={() => setLogRule(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title={deleting?.globalName ? 'Fassung zurücksetzen?' : 'Regel löschen?'}
        description={
          deleting?.globalName ? (
            <p>
              Deine Änderungen für dieses Event gehen verloren; es gilt wieder die allgemeine Regel „
              {deleting.globalName}“.
            </p>
          ) : (
            <p>
              „{deleting?.rule.name}“ wird mit ihrem Versandprotokoll gelöscht und verschickt keine E-Mails
              mehr.
            </p>
          )
        }
        confirmLabel={deleting?.globalName ? 'Zurücksetzen' : 'Löschen'}
        onCancel={() => setDeleting(null)}
        onConfirm={confirmDelete}
      />
    </>
  );

  return {
    edit: setEditing,
    showLog: setLogRule,
    askDelete: (rule: MailRule, globalName?: string) => setDeleting({ rule, globalName }),
    toggle: (rule: MailRule) => void toggle(rule),
    togglingId,
    dialogs,
  };
}
