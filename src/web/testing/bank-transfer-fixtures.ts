// Test data of pay by transfer (docs/product/bank-transfer.md#instructions); only tests import it.
import type { BankTransferInstructions } from '@shared/bank-transfer';

/** Instructions of booking 'b1': 50 € to pay by a fixed day, nothing arrived yet. */
export const transferInstructions = (
  overrides: Partial<BankTransferInstructions> = {},
): BankTransferInstructions => ({
  bookingId: 'b1',
  orderNumber: 'WR-7K3Q9F',
  eventTitle: 'Atem und Stille',
  accountHolder: 'Wachstumsraum GmbH',
  iban: 'DE89 3704 0044 0532 0130 00',
  bic: 'COBADEFFXXX',
  amountCents: 5000,
  totalCents: 5000,
  paidCents: 0,
  currency: 'EUR',
  reference: 'WR-7K3Q9F-M',
  dueAt: '2030-03-07T10:00:00.000Z',
  qrSvg:
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><path data-qr="module" d="M0 0h10v10H0z"/></svg>',
  ...overrides,
});
