import type { ComponentType, ReactNode } from 'react';
import { usePageTitle } from '@web/lib/page-title';
import { AdminRefundCard } from './components/admin-refund-card';
import { ApiKeysCard } from './components/api-keys-card';
import { BankTransferSettingsCard } from './components/bank-transfer-settings-card';
import { BrandingLogosCard } from './components/branding-logos-card';
import { CancellationPoliciesCard } from './components/cancellation-policies-card';
import { EmailTestsCard } from './components/email-tests-card';
import { EmbedCard } from './components/embed-card';
import { GeneralSettingsCard } from './components/general-settings-card';
import { IntegrationsCard } from './components/integrations-card';
import { InvoiceSettingsCard } from './components/invoice-settings-card';
import { LegalOperatorCard } from './components/legal-operator-card';
import { MailSettingsCard } from './components/mail-settings-card';
import { PaymentMethodsCard } from './components/payment-methods-card';
import { RefundsListCard } from './components/refunds-list-card';
import { ServerSecretsCard } from './components/server-secrets-card';
import { WebhooksCard } from './components/webhooks-card';
import { SettingsSectionNav, type SettingsSection } from './components/settings-section-nav';

/**
 * The settings (docs/product/admin.md#settings), card by card. Each card loads and saves on its own, so
 * adding one (Admin Refund, E-Mail-Tests) is one line here. `id` is the id the card gives its SettingsCard:
 * the section navigation's anchor (docs/decisions/025-back-office-layout.md).
 */
const CARDS: (SettingsSection & { Card: ComponentType<{ mailRules?: ReactNode }> })[] = [
  { id: 'branding', label: 'Branding', Card: BrandingLogosCard },
  { id: 'general', label: 'Allgemein', Card: GeneralSettingsCard },
  { id: 'legal', label: 'Rechtliches & Betreiber', Card: LegalOperatorCard }, // ours: docs/decisions/021
  { id: 'invoicing', label: 'Rechnungen', Card: InvoiceSettingsCard }, // issue 19
  // docs/decisions/056-payment-methods-and-the-checkout.md
  { id: 'payment-methods', label: 'Zahlungsarten', Card: PaymentMethodsCard },
  // docs/product/bank-transfer.md#settings
  { id: 'bank-transfer', label: 'Überweisung', Card: BankTransferSettingsCard },
  { id: 'secrets', label: 'Server-Secrets', Card: ServerSecretsCard },
  { id: 'integrations', label: 'Integrationen', Card: IntegrationsCard },
  // docs/product/widget.md, docs/product/api.md#keys, docs/product/webhooks.md#endpoints (issue 33)
  { id: 'embed', label: 'Auf deiner Website einbinden', Card: EmbedCard },
  { id: 'api-keys', label: 'API-Schlüssel', Card: ApiKeysCard },
  { id: 'webhooks', label: 'Webhooks', Card: WebhooksCard },
  { id: 'policies', label: 'Stornierungsrichtlinien', Card: CancellationPoliciesCard },
  { id: 'admin-refund', label: 'Admin Refund', Card: AdminRefundCard },
  // docs/product/payments.md#method-names: the refunds with their method, failed ones with 'Erneut versuchen'
  { id: 'refunds', label: 'Erstattungen', Card: RefundsListCard },
  { id: 'email-tests', label: 'E-Mail-Tests', Card: EmailTestsCard },
  { id: 'mails', label: 'Automatische E-Mails', Card: MailSettingsCard }, // docs/product/event-mails.md
];

/** `mailRules`: the rules for every event, from the mail-rules area (docs/decisions/052-admin-areas-as-features.md). */
export function SettingsPage({ mailRules }: { mailRules?: ReactNode }) {
  usePageTitle('Einstellungen');
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-semibold tracking-tight">Einstellungen</h1>
      {/* one page of sixteen cards: a table of contents instead of scrolling 5,600 px blind */}
      <div className="flex flex-col gap-6 lg:flex-row lg:items-start">
        <SettingsSectionNav sections={CARDS} />
        <div className="flex min-w-0 flex-1 flex-col gap-6">
          {CARDS.map(({ id, Card }) => (
            <Card key={id} mailRules={mailRules} />
          ))}
        </div>
      </div>
    </div>
  );
}
