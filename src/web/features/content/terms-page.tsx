import { termsHowToPay, termsTransferRefund } from '@shared/content/payment-texts';
import { useSettings } from '@web/lib/settings';
import { LegalPage, LegalSection, OperatorAddress, OperatorEmail, listClass } from './legal-section';
import { TermsFinalSections } from './terms-final-sections';
import { useOfferedPaymentMethods } from '@web/lib/payment-methods';

/**
 * The terms (docs/product/site.md#legal-pages): contracting party; registration; fees; cancellation;
 * cancellation by the organizers; liability; data protection; final provisions. §§ 5–8 live in
 * terms-final-sections.tsx.
 */
export function TermsPage() {
  const { brand } = useSettings();
  // § 3 and § 4 name the ways to pay the shop offers (docs/product/site.md#payment-texts)
  const methods = useOfferedPaymentMethods();
  const transferRefund = termsTransferRefund(methods);

  return (
    <LegalPage
      title="Allgemeine Geschäftsbedingungen"
      lead={`für die Teilnahme an Workshops, Seminaren und Retreats von ${brand.siteName}`}
    >
      <LegalSection id="vertragspartner" title="§ 1 Vertragspartner">
        <p>Dein Vertragspartner für alle Buchungen über diese Website ist:</p>
        <OperatorAddress />
        <p>
          E-Mail: <OperatorEmail field="email" />
        </p>
        <p>
          Diese Bedingungen gelten für alle Workshops, Seminare und Retreats (im Folgenden „Veranstaltungen“),
          die du über {brand.siteName} buchst – online wie in Präsenz.
        </p>
      </LegalSection>

      <LegalSection id="anmeldung" title="§ 2 Anmeldung">
        <p>
          Mit dem Abschluss der Buchung meldest du dich verbindlich zu der gewählten Veranstaltung an. Der
          Vertrag kommt zustande, sobald die Veranstalter deine Anmeldung bestätigt haben und die
          Teilnahmegebühr bezahlt ist. Die Bestätigung erhältst du per E-Mail; dein Ticket findest du
          anschließend unter „Meine Tickets“.
        </p>
        <p>
          Die Plätze sind begrenzt und werden in der Reihenfolge der Anmeldungen vergeben. Ein Ticket für ein
          Paar gilt für zwei Personen, sonst für eine Person; das steht jeweils beim Preis.
        </p>
      </LegalSection>

      <LegalSection id="gebuehren" title="§ 3 Teilnahmegebühren">
        <p>
          Es gelten die bei der Veranstaltung angegebenen Preise in Euro. Ein Frühbucherpreis gilt nur für
          Buchungen bis zum angegebenen Stichtag.
        </p>
        <p>
          Die Teilnahmegebühr ist spätestens 7 Tage vor Beginn der Veranstaltung fällig.{' '}
          {termsHowToPay(methods)}
        </p>
      </LegalSection>

      <LegalSection id="ruecktritt" title="§ 4 Rücktritt durch Teilnehmende">
        <p>
          Du kannst jederzeit vor Beginn der Veranstaltung von deiner Buchung zurücktreten – am einfachsten
          selbst unter „Meine Tickets“ oder per E-Mail an uns. Maßgeblich ist der Zeitpunkt, zu dem dein
          Rücktritt bei uns eingeht. Es fallen folgende Stornogebühren an:
        </p>
        {/* the fee list, repeated word for word in the FAQ (docs/product/site.md#help) */}
        <ul className={listClass}>
          <li>kostenfrei bis 14 Tage vor Beginn,</li>
          <li>ab 14 Tagen vor Beginn: 30 % der Teilnahmegebühr,</li>
          <li>ab 7 Tagen vor Beginn: 50 % der Teilnahmegebühr,</li>
          <li>ab 3 Tagen vor Beginn: 100 % der Teilnahmegebühr.</li>
        </ul>
        <p>
          Dir bleibt der Nachweis unbenommen, dass uns kein oder ein wesentlich geringerer Schaden entstanden
          ist. Bereits gezahlte Beträge erstatten wir abzüglich der Stornogebühr über das ursprüngliche
          Zahlungsmittel.{transferRefund ? ` ${transferRefund}` : null}
        </p>
        <p>
          Eine Ersatzteilnehmerin oder ein Ersatzteilnehmer ist immer möglich: Du kannst deinen Platz ohne
          zusätzliche Kosten an eine andere Person weitergeben. Bitte nenne uns dazu vorher deren Namen.
        </p>
        <p>
          <strong>Kein Widerrufsrecht:</strong> Nach § 312g Abs. 2 Nr. 9 BGB besteht kein Widerrufsrecht bei
          Verträgen über Dienstleistungen im Zusammenhang mit Freizeitbetätigungen, wenn für die Erbringung
          ein spezifischer Termin oder Zeitraum vorgesehen ist. Das trifft auf unsere Veranstaltungen zu; es
          gelten daher die Rücktrittsregeln dieses Paragrafen.
        </p>
      </LegalSection>

      <TermsFinalSections />
    </LegalPage>
  );
}
