import { usePageTitle } from '@web/lib/page-title';
import { useSettings } from '@web/lib/settings';
import {
  ContentPage,
  LegalSection,
  OperatorAddress,
  OperatorEmail,
  OperatorPlaceholderNotice,
  OperatorValue,
} from './legal-section';
import { PrivacyDataSections } from './privacy-data-sections';
import { PrivacyRightsSections } from './privacy-rights-sections';

/**
 * spec visitor §2 'Legal pages': controller, data collected, purpose, legal basis, newsletter (double
 * opt-in), retention, rights, security, cookies, contact.
 */
export function PrivacyPage() {
  usePageTitle('Datenschutzerklärung');
  const { operator, brand, supportEmail } = useSettings();

  return (
    <ContentPage
      title="Datenschutzerklärung"
      lead={`Wie ${brand.siteName} mit deinen Daten umgeht – so knapp wie möglich, so genau wie nötig.`}
    >
      <OperatorPlaceholderNotice />

      <LegalSection id="verantwortlicher" title="Verantwortlicher">
        <p>Verantwortlich für die Verarbeitung deiner Daten auf dieser Website ist:</p>
        <OperatorAddress />
        <p>
          Vertreten durch: <OperatorValue value={operator.representative} />
          <br />
          Telefon: <OperatorValue value={operator.phone} />
          <br />
          E-Mail: <OperatorEmail value={operator.email} />
        </p>
      </LegalSection>

      <PrivacyDataSections />
      <PrivacyRightsSections />

      <LegalSection id="kontakt" title="Kontakt">
        <p>
          Für Fragen zum Datenschutz und um deine Rechte geltend zu machen, schreib uns an{' '}
          <OperatorEmail value={supportEmail} /> oder an die oben genannte Anschrift.
        </p>
      </LegalSection>
    </ContentPage>
  );
}
