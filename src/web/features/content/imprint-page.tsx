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

/**
 * The imprint (docs/product/site.md#legal-pages): provider, representatives, liability for content and
 * links, copyright. The provider's data comes from the card 'Rechtliches & Betreiber'
 * (docs/product/admin.md#operator-card).
 */
export function ImprintPage() {
  const { brand, supportEmail } = useSettings();
  const { operator, shown } = useOperator();
  const hasRegister = shown('registerCourt') || shown('registerNumber');

  return (
    <LegalPage title="Impressum" lead={`Anbieterkennzeichnung für ${brand.siteName}`}>
      <LegalSection id="anbieter" title="Anbieter">
        <p className="text-muted-foreground">Angaben gemäß § 5 DDG</p>
        <OperatorAddress />
        <p>
          Rechtsform: <OperatorValue field="legalForm" />
        </p>
      </LegalSection>

      {shown('representatives') ? (
        <LegalSection id="vertreten-durch" title="Vertreten durch">
          <p>
            <OperatorValue field="representatives" />
          </p>
        </LegalSection>
      ) : null}

      <LegalSection id="kontakt" title="Kontakt">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
          {shown('phone') ? (
            <>
              <dt className="text-muted-foreground">Telefon</dt>
              <dd>
                <OperatorValue field="phone" />
              </dd>
            </>
          ) : null}
          <dt className="text-muted-foreground">E-Mail</dt>
          <dd className="min-w-0 break-words">
            <OperatorEmail field="email" />
          </dd>
          {supportEmail !== operator.email ? (
            <>
              <dt className="text-muted-foreground">Support</dt>
              <dd className="min-w-0 break-words">
                <MailLink address={supportEmail} />
              </dd>
            </>
          ) : null}
        </dl>
      </LegalSection>

      {hasRegister ? (
        <LegalSection id="register" title="Registereintrag">
          <p>
            {shown('registerCourt') ? (
              <>
                Registergericht: <OperatorValue field="registerCourt" />
                <br />
              </>
            ) : null}
            {shown('registerNumber') ? (
              <>
                Registernummer: <OperatorValue field="registerNumber" />
              </>
            ) : null}
          </p>
        </LegalSection>
      ) : null}

      {shown('vatId') ? (
        <LegalSection id="umsatzsteuer" title="Umsatzsteuer-ID">
          <p>
            Umsatzsteuer-Identifikationsnummer gemäß § 27a Umsatzsteuergesetz: <OperatorValue field="vatId" />
          </p>
        </LegalSection>
      ) : null}

      {shown('supervisoryAuthority') ? (
        <LegalSection id="aufsicht" title="Zuständige Aufsichtsbehörde">
          <p>
            <OperatorValue field="supervisoryAuthority" />
          </p>
        </LegalSection>
      ) : null}

      <LegalSection id="verantwortlich" title="Verantwortlich für den Inhalt (§ 18 Abs. 2 MStV)">
        <OperatorAddress person="contentResponsible" />
      </LegalSection>

      <LegalSection id="haftung-inhalte" title="Haftung für Inhalte">
        <p>
          Die Inhalte dieser Seiten haben wir mit größter Sorgfalt erstellt. Für die Richtigkeit,
          Vollständigkeit und Aktualität können wir jedoch keine Gewähr übernehmen. Für eigene Inhalte sind
          wir nach den allgemeinen Gesetzen verantwortlich.
        </p>
        <p>
          Als Diensteanbieter sind wir nicht verpflichtet, übermittelte oder gespeicherte fremde Informationen
          zu überwachen oder nach Umständen zu forschen, die auf eine rechtswidrige Tätigkeit hinweisen (Art.
          8 der Verordnung (EU) 2022/2065, Gesetz über digitale Dienste). Verpflichtungen zur Entfernung oder
          Sperrung der Nutzung von Informationen nach den allgemeinen Gesetzen bleiben hiervon unberührt.
          Sobald uns eine konkrete Rechtsverletzung bekannt wird, entfernen wir die betreffenden Inhalte
          umgehend.
        </p>
      </LegalSection>

      <LegalSection id="haftung-links" title="Haftung für Links">
        <p>
          Unser Angebot enthält Links zu externen Websites Dritter, auf deren Inhalte wir keinen Einfluss
          haben. Für diese fremden Inhalte übernehmen wir daher keine Gewähr; verantwortlich ist stets der
          jeweilige Anbieter oder Betreiber der verlinkten Seiten. Zum Zeitpunkt der Verlinkung haben wir die
          Seiten auf mögliche Rechtsverstöße geprüft; rechtswidrige Inhalte waren nicht erkennbar.
        </p>
        <p>
          Eine dauerhafte inhaltliche Kontrolle der verlinkten Seiten ist ohne konkrete Anhaltspunkte einer
          Rechtsverletzung nicht zumutbar. Werden uns Rechtsverletzungen bekannt, entfernen wir derartige
          Links umgehend.
        </p>
      </LegalSection>

      <LegalSection id="urheberrecht" title="Urheberrecht">
        <p>
          Die von uns erstellten Inhalte und Werke auf diesen Seiten – Texte, Fotos und Grafiken – unterliegen
          dem deutschen Urheberrecht. Vervielfältigung, Bearbeitung, Verbreitung und jede Art der Verwertung
          außerhalb der Grenzen des Urheberrechts bedürfen der schriftlichen Zustimmung der jeweiligen
          Urheberin oder des jeweiligen Urhebers. Downloads und Kopien dieser Seite sind nur für den privaten,
          nicht kommerziellen Gebrauch gestattet.
        </p>
        <p>
          Soweit Inhalte nicht von uns erstellt wurden, beachten wir die Urheberrechte Dritter und
          kennzeichnen sie entsprechend. Solltest du trotzdem auf eine Urheberrechtsverletzung aufmerksam
          werden, bitten wir um einen Hinweis; wir entfernen solche Inhalte dann umgehend.
        </p>
      </LegalSection>

      <LegalSection id="streitschlichtung" title="Streitschlichtung">
        <p>
          Die Plattform der EU-Kommission zur Online-Streitbeilegung (OS-Plattform) wurde zum 20. Juli 2025
          eingestellt; ein Verweis darauf entfällt daher.
        </p>
        <p>
          Wir sind nicht bereit und nicht verpflichtet, an Streitbeilegungsverfahren vor einer
          Verbraucherschlichtungsstelle teilzunehmen. Wenn etwas nicht rund läuft, schreib uns bitte direkt –
          wir finden gemeinsam eine Lösung.
        </p>
      </LegalSection>
    </LegalPage>
  );
}
