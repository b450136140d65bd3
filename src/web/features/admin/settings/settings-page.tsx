import type { ComponentType } from 'react';
import { usePageTitle } from '@web/lib/page-title';
import { AdminRefundCard } from './components/admin-refund-card';
import { BrandingLogosCard } from './components/branding-logos-card';
import { CancellationPoliciesCard } from './components/cancellation-policies-card';
import { EmailTestsCard } from './components/email-tests-card';
import { GeneralSettingsCard } from './components/general-settings-card';
import { IntegrationsCard } from './components/integrations-card';
import { LegalOperatorCard } from './components/legal-operator-card';
import { ServerSecretsCard } from './components/server-secrets-card';

/**
 * spec admin §2 'Settings': the cards in the spec's order. Each card loads and saves on its own, so adding
 * one (Admin Refund, E-Mail-Tests) is one line here.
 */
const CARDS: { id: string; Card: ComponentType }[] = [
  { id: 'branding', Card: BrandingLogosCard },
  { id: 'general', Card: GeneralSettingsCard },
  { id: 'legal', Card: LegalOperatorCard }, // ours: docs/decisions/021
  { id: 'secrets', Card: ServerSecretsCard },
  { id: 'integrations', Card: IntegrationsCard },
  { id: 'policies', Card: CancellationPoliciesCard },
  { id: 'refund', Card: AdminRefundCard },
  { id: 'email-tests', Card: EmailTestsCard },
];

export function SettingsPage() {
  usePageTitle('Einstellungen');
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-semibold tracking-tight">Einstellungen</h1>
      {CARDS.map(({ id, Card }) => (
        <Card key={id} />
      ))}
    </div>
  );
}
