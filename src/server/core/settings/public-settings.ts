import { PRIVATE_OPERATOR_FIELDS } from '@shared/operator-data';
import type { AppSettings, OperatorInfo } from '@shared/settings';

/**
 * What GET /api/settings shows every visitor: all settings but the operator's invoice-only fields (the tax
 * number, docs/decisions/021), the mail signature (it goes out in mails only, and may carry a phone
 * number), the invoicing and the bank-transfer settings (the account shows only on a booking that pays by
 * transfer). The client merges the answer over the defaults, so they read as ''.
 */
export function publicSettings(settings: AppSettings): Omit<
  AppSettings,
  'operator' | 'mailSignature' | 'invoicing' | 'bankTransfer' | 'bankCsvMappings' | 'widget'
> & {
  operator: Partial<OperatorInfo>;
} {
  const {
    mailSignature: _adminOnly,
    invoicing: _invoicesOnly,
    bankTransfer: _transfersOnly,
    bankCsvMappings: _csvOnly,
    // the server checks the embedding sites itself (docs/product/widget.md#allowed-sites)
    widget: _widgetOnly,
    ...shown
  } = settings;
  const operator: Partial<OperatorInfo> = { ...settings.operator };
  for (const field of PRIVATE_OPERATOR_FIELDS) delete operator[field];
  return { ...shown, operator };
}
