import { useSettings } from '@web/lib/settings';
import {
  LegalPage,
  LegalSection,
  MailLink,
  OperatorAddress,
  OperatorEmail,
  OperatorValue,
  useOperator,
} from './legal-section';
import { PrivacyDataSections } from './privacy-data-sections';
import { PrivacyRightsSections } from './privacy-rights-sections';

/**
 * The privacy page (docs/product/site.md#legal-pages): controller, data collected, purpose, legal basis,
 * newsletter (double opt-in), retention, rights, security, cookies, contact. The controller's data comes from
 * the card 'Rechtliches & Betreiber' (docs/decisions/021).
 */
export function PrivacyPage() {
  const { brand, supportEmail } = useSettings();
  const { operator, shown } = useOperator();
  // the data protection contact of 'Rechtliches & Betreiber', else the operator's, else the support address
  const privacyAddress = operator.privacyEmail || operator.email || supportEmail;

  return (
    <LegalPage
      title="Datenschutzerklärung"
      lead={`Wie ${brand.siteName} mit deinen Daten umgeht – so knapp wie möglich, so genau wie nötig.`}
    >
      <LegalSection id="verantwortlicher" title="Verantwortlicher">
        <p>Verantwortlich für die Verarbeitung deiner Daten auf dieser Website ist:</p>
        <OperatorAddress />
        <p>
          {shown('representatives') ? (
            <>
              Vertreten durch: <OperatorValue field="representatives" />
              <br />
            </>
          ) : null}
          {shown('phone') ? (
            <>
              Telefon: <OperatorValue field="phone" />
              <br />
            </>
          ) : null}
          E-Mail: <OperatorEmail field="email" />
        </p>
        {shown('privacyOfficer') ? (
          <p>
            Datenschutzbeauftragte Person: <OperatorValue field="privacyOfficer" />
          </p>
        ) : null}
      </LegalSection>

      <PrivacyDataSections />
      <PrivacyRightsSections />

      <LegalSection id="kontakt" title="Kontakt">
        <p>
          Für Fragen zum Datenschutz und um deine Rechte geltend zu machen, schreib uns an{' '}
          <MailLink address={privacyAddress} /> oder an die oben genannte Anschrift.
        </p>
      </LegalSection>
    </LegalPage>
  );
}
