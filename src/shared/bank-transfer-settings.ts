// The bank transfer's settings (docs/product/bank-transfer.md), part of every page's settings (settings.ts):
// apart from bank-transfer.ts, whose texts and rules only the checkout and the admin need.
export interface BankTransferSettings {
  enabled: boolean;
  accountHolder: string;
  /** stored without spaces, upper-case */
  iban: string;
  bic: string;
  /** Offered only while the event starts at least this many days after the order. */
  minDaysBeforeStart: number;
}

export const DEFAULT_BANK_TRANSFER_SETTINGS: BankTransferSettings = {
  enabled: false,
  accountHolder: '',
  iban: '',
  bic: '',
  minDaysBeforeStart: 10,
};
