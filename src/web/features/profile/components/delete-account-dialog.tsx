import * as Dialog from '@radix-ui/react-dialog';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import {
  ACCOUNT_DELETION_CONFIRM_WORD,
  keptInvoicesText,
  PRIVACY_MESSAGES,
  type AccountDeletionPreview,
} from '@shared/privacy';
import { FREE_TICKET_TEXTS } from '@shared/tickets';
import { Button } from '@web/components/ui/button';
import { ErrorText } from '@web/components/ui/error-text';
import { Field } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { formatDate, formatPrice } from '@web/lib/format';
import { sessionQuery } from '@web/lib/session';
import { toast } from '@web/lib/toast';
import { useDeleteAccount } from '../api/delete-account';
import { useAccountDeletion } from '../api/get-account-deletion';

/**
 * 'Konto löschen?' (docs/product/accounts-and-consent.md#account-deletion): lists what happens first, then
 * deletes when 'LÖSCHEN' is typed; afterwards the session is gone and the app goes to the start page.
 */
export function DeleteAccountDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const preview = useAccountDeletion(open);
  const remove = useDeleteAccount();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [typed, setTyped] = useState('');
  const busy = remove.isPending;

  const close = () => {
    if (busy) return;
    setTyped('');
    remove.reset();
    onClose();
  };
  // mutateAsync().then: the dialog may unmount before the answer, and mutate's own callbacks would then not run
  const confirm = () => {
    remove
      .mutateAsync(typed)
      .then(async () => {
        toast.success(PRIVACY_MESSAGES.deleted);
        // every cached query belonged to the deleted account; the server ended the session with it
        queryClient.clear();
        queryClient.setQueryData(sessionQuery.queryKey, { user: null });
        navigate('/');
        await queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey });
      })
      .catch(() => {}); // shown in the dialog from remove.error
  };

  const data = preview.data;
  const canDelete = Boolean(data && !data.lastAdmin);
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && close()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 flex max-h-[90dvh] w-[95vw] max-w-lg -translate-x-1/2 -translate-y-1/2 flex-col gap-4 overflow-y-auto rounded-2xl bg-card p-5 text-card-foreground shadow-xl">
          <Dialog.Title className="text-lg font-semibold">Konto löschen?</Dialog.Title>
          <Dialog.Description asChild>
            <div className="flex flex-col gap-2 text-sm text-muted-foreground">
              {preview.isPending ? (
                <p>Wird geladen …</p>
              ) : !data ? (
                <p role="alert">
                  Was beim Löschen geschieht, konnte nicht geladen werden. Bitte versuche es erneut.
                </p>
              ) : data.lastAdmin ? (
                <ErrorText size="base">{PRIVACY_MESSAGES.lastAdmin}</ErrorText>
              ) : (
                <DeletionConsequences preview={data} />
              )}
            </div>
          </Dialog.Description>
          {canDelete && (
            <Field label={`Tippe ${ACCOUNT_DELETION_CONFIRM_WORD} zur Bestätigung`}>
              <Input
                value={typed}
                autoComplete="off"
                disabled={busy}
                onChange={(event) => setTyped(event.target.value)}
              />
            </Field>
          )}
          {remove.error && <ErrorText>{remove.error.message}</ErrorText>}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={close} disabled={busy}>
              {canDelete ? 'Abbrechen' : 'Schließen'}
            </Button>
            {canDelete && (
              <Button
                variant="destructive"
                onClick={confirm}
                disabled={busy || typed !== ACCOUNT_DELETION_CONFIRM_WORD}
              >
                {busy ? 'Wird gelöscht …' : 'Endgültig löschen'}
              </Button>
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function DeletionConsequences({ preview }: { preview: AccountDeletionPreview }) {
  const { tickets, waitlistEntries, keptInvoices } = preview;
  return (
    <>
      {tickets.length > 0 && (
        <>
          <p>Diese Tickets werden storniert:</p>
          <ul className="list-disc pl-5">
            {tickets.map((ticket) => (
              <li key={ticket.ticketId}>
                Ticket {ticket.ticketNumber} – {ticket.eventTitle} am {formatDate(ticket.eventStart)}:{' '}
                {ticket.free
                  ? FREE_TICKET_TEXTS.deletionLine
                  : ticket.refundCents > 0
                    ? `Erstattung ${formatPrice(ticket.refundCents, ticket.currency)}`
                    : 'keine Erstattung'}
              </li>
            ))}
          </ul>
          <p className="font-medium text-foreground">
            Erstattung insgesamt: {formatPrice(preview.totalRefundCents, preview.currency)}
          </p>
        </>
      )}
      {waitlistEntries > 0 && (
        <p>
          {waitlistEntries === 1
            ? 'Dein Eintrag auf 1 Warteliste endet.'
            : `Deine Einträge auf ${waitlistEntries} Wartelisten enden.`}
        </p>
      )}
      <p>Dein Konto, dein Profil, deine Einwilligungen und deine Newsletter-Anmeldung werden gelöscht.</p>
      {keptInvoices > 0 && <p>{keptInvoicesText(keptInvoices)}</p>}
      <p>Das lässt sich nicht rückgängig machen.</p>
    </>
  );
}
