import { useEffect, useId, useRef } from 'react';
import { BANK_TRANSFER_MESSAGES, type BankTransferInstructions as Instructions } from '@shared/bank-transfer';
import { formatDate, formatPrice } from '@web/lib/format';
import { CopyButton } from './copy-button';

/** '12,50': the amount as a banking app's amount field takes it (no currency sign, decimal comma). */
const amountForBank = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');

/** The GiroCode as an image: the server's SVG as a data URL, never as markup in the page. */
export const qrImageSource = (qrSvg: string) =>
  `data:image/svg+xml;charset=utf-8,${encodeURIComponent(qrSvg)}`;

/**
 * What a buyer needs to pay by transfer (docs/product/bank-transfer.md#instructions): the amount still to
 * pay, Kontoinhaber, IBAN, BIC and Verwendungszweck, each to copy, the due day and the GiroCode. Shown on the
 * payment step after choosing, on the booking's page while it waits for the money and in Meine Tickets.
 */
export function BankTransferInstructions({
  instructions,
  title = 'Überweisung',
  headingLevel = 2,
  focusOnMount = false,
}: {
  instructions: Instructions;
  title?: string;
  headingLevel?: 2 | 3;
  /** after choosing transfer: the heading takes the focus, so screen readers and keyboards follow */
  focusOnMount?: boolean;
}) {
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusOnMount) heading.current?.focus();
  }, [focusOnMount]);
  const { currency } = instructions;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const rows: { label: string; shown: string; copied: string; mono?: boolean }[] = [
    {
      label: 'Betrag',
      shown: formatPrice(instructions.amountCents, currency),
      copied: amountForBank(instructions.amountCents),
    },
    { label: 'Kontoinhaber', shown: instructions.accountHolder, copied: instructions.accountHolder },
    {
      label: 'IBAN',
      shown: instructions.iban,
      copied: instructions.iban.replace(/\s+/g, ''),
      mono: true,
    },
    ...(instructions.bic
      ? [{ label: 'BIC', shown: instructions.bic, copied: instructions.bic, mono: true }]
      : []),
    { label: 'Verwendungszweck', shown: instructions.reference, copied: instructions.reference, mono: true },
  ];

  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="flex flex-col gap-4 rounded-2xl border border-border bg-card p-5 text-card-foreground sm:p-6"
    >
      <div className="flex flex-col gap-1">
        <Heading
          id={`${id}-heading`}
          ref={heading}
          tabIndex={-1}
          className="text-lg font-semibold outline-none"
        >
          {title}
        </Heading>
        <p className="text-sm text-muted-foreground">{BANK_TRANSFER_MESSAGES.chosen}</p>
      </div>
      <p className="rounded-xl bg-accent px-4 py-3 text-sm font-medium text-accent-foreground">
        Fällig bis {formatDate(instructions.dueAt)}
      </p>
      {instructions.paidCents > 0 && (
        <p className="text-sm">
          Bereits eingegangen: {formatPrice(instructions.paidCents, currency)} von{' '}
          {formatPrice(instructions.totalCents, currency)}
        </p>
      )}
      <div className="flex flex-col gap-6 sm:flex-row sm:items-start">
        <dl className="flex min-w-0 flex-1 flex-col gap-3 sm:max-w-sm">
          {rows.map((row) => (
            <div key={row.label} className="flex items-center justify-between gap-3">
              <div className="min-w-0">
                <dt className="text-xs text-muted-foreground">{row.label}</dt>
                <dd className={`break-words font-medium ${row.mono ? 'font-mono' : ''}`}>{row.shown}</dd>
              </div>
              <CopyButton label={row.label} value={row.copied} />
            </div>
          ))}
        </dl>
        <figure className="flex flex-col items-center gap-2 self-center sm:ml-auto sm:self-start">
          <img
            src={qrImageSource(instructions.qrSvg)}
            alt="GiroCode zum Scannen mit deiner Banking-App"
            width={176}
            height={176}
            className="h-44 w-44 rounded-lg bg-white p-2"
          />
          <figcaption className="text-xs text-muted-foreground">
            Mit der Banking-App scannen (GiroCode)
          </figcaption>
        </figure>
      </div>
    </section>
  );
}
