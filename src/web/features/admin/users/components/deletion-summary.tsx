import { keptInvoicesText, type AccountDeletionPreview } from '@shared/privacy';
import { formatPrice } from '@web/lib/format';

/**
 * The consequences 'Benutzer löschen' lists before the admin confirms: the person's tickets of events to come
 * are cancelled under their policy first, and the invoices stay (docs/product/accounts-and-consent.md#account-deletion).
 */
export function DeletionSummary({ email, preview }: { email: string; preview?: AccountDeletionPreview }) {
  return (
    <span className="flex flex-col gap-2">
      <span className="font-medium text-foreground">{email}</span>
      {preview && preview.tickets.length > 0 && (
        <span>
          Zuerst{' '}
          {preview.tickets.length === 1
            ? 'wird 1 Ticket für ein kommendes Event'
            : `werden ${preview.tickets.length} Tickets für kommende Events`}{' '}
          gemäß der Stornierungsrichtlinie storniert
          {preview.totalRefundCents > 0
            ? `. Erstattung insgesamt: ${formatPrice(preview.totalRefundCents, preview.currency)}.`
            : ', ohne Erstattung.'}
        </span>
      )}
      {preview && preview.keptInvoices > 0 && <span>{keptInvoicesText(preview.keptInvoices)}</span>}
      <span>Name, E-Mail-Adresse und Telefonnummer werden gelöscht.</span>
    </span>
  );
}
