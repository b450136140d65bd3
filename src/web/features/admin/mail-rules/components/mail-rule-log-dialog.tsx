import * as Dialog from '@radix-ui/react-dialog';
import type { MailRule } from '@shared/mail-rules';
import { Button } from '@web/components/ui/button';
import { formatDateTimeShort } from '@web/lib/format';
import { useMailRuleLog } from '../api/get-mail-rule-log';
import { ErrorText } from '@web/components/ui/error-text';

/** 'Versandprotokoll' of a rule: which ticket got its mail when, newest first (at most 200). */
export function MailRuleLogDialog({ rule, onClose }: { rule: MailRule | null; onClose: () => void }) {
  const log = useMailRuleLog(rule?.id ?? null);
  const entries = log.data?.entries ?? [];
  return (
    <Dialog.Root open={rule !== null} onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 flex max-h-[92vh] w-[95vw] max-w-3xl -translate-x-1/2 -translate-y-1/2 flex-col gap-4 overflow-y-auto rounded-2xl bg-card p-5 text-card-foreground shadow-xl">
          <Dialog.Title className="text-lg font-semibold">Versandprotokoll: {rule?.name}</Dialog.Title>
          <Dialog.Description className="text-sm text-muted-foreground">
            {log.data
              ? log.data.total > entries.length
                ? `Die neuesten ${entries.length} von ${log.data.total} E-Mails.`
                : `${log.data.total} ${log.data.total === 1 ? 'E-Mail' : 'E-Mails'} gesendet.`
              : 'Welche E-Mail wann an wen ging.'}
          </Dialog.Description>
          {log.isPending ? (
            <p className="text-sm text-muted-foreground">Wird geladen …</p>
          ) : log.isError ? (
            <ErrorText>Fehler beim Laden</ErrorText>
          ) : entries.length === 0 ? (
            <p className="text-sm text-muted-foreground">Diese Regel hat noch keine E-Mail gesendet.</p>
          ) : (
            <div className="overflow-x-auto">
              <table className="w-full text-left text-sm">
                <thead className="text-muted-foreground">
                  <tr>
                    <th className="py-2 pr-3 font-medium">Event</th>
                    <th className="py-2 pr-3 font-medium">Ticket</th>
                    <th className="py-2 pr-3 font-medium">An</th>
                    <th className="py-2 font-medium">Gesendet</th>
                  </tr>
                </thead>
                <tbody>
                  {entries.map((entry) => (
                    <tr
                      key={`${entry.ticketCode}-${entry.sentAt}-${entry.to}`}
                      className="border-t border-border"
                    >
                      <td className="py-2 pr-3">{entry.eventTitle}</td>
                      <td className="py-2 pr-3 font-mono">{entry.ticketCode}</td>
                      <td className="py-2 pr-3 break-all">{entry.to}</td>
                      <td className="py-2 whitespace-nowrap">{formatDateTimeShort(entry.sentAt)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <div className="flex justify-end">
            <Button variant="secondary" onClick={onClose}>
              Schließen
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
