import { PRIVACY_TRANSFER_TEXT, privacyPartnersText } from '@shared/content/payment-texts';
import { LegalSection, listClass, proseLinkClass } from './legal-section';
import { useOfferedPaymentMethods } from '@web/lib/payment-methods';

/**
 * Privacy policy, part 1: what we collect, why, and on which legal basis. 'Zahlung' names the processors of
 * the ways to pay the shop offers: Stripe for cards, our bank for transfers (docs/product/site.md#payment-texts).
 */
export function PrivacyDataSections() {
  const methods = useOfferedPaymentMethods();
  const partners = privacyPartnersText(methods);
  return (
    <>
      <LegalSection id="daten" title="Welche Daten wir erheben">
        <ul className={listClass}>
          <li>
            <strong>Konto:</strong> deine E-Mail-Adresse, mit der du dich per Einmal-Code anmeldest. Ein
            Passwort speichern wir nicht, weil es keines gibt.
          </li>
          <li>
            <strong>Profil:</strong> dein Name und deine Telefonnummer, damit wir dich bei Fragen oder
            kurzfristigen Änderungen erreichen können.
          </li>
          <li>
            <strong>Buchungen und Tickets:</strong> gebuchte Veranstaltung, Anzahl, Preis, Name auf dem
            Ticket, Ticketnummer, Status (z. B. storniert) und Zeitpunkt der Buchung.
          </li>
          {methods.card && (
            <li>
              <strong>Zahlung{methods.bankTransfer ? ' per Karte' : ''}:</strong> Die Zahlung wickelt der
              Zahlungsdienstleister Stripe (Stripe Payments Europe, Ltd., 1 Grand Canal Street Lower, Grand
              Canal Dock, Dublin, Irland) ab. Deine Karten- oder Wallet-Daten gibst du direkt bei Stripe ein –
              wir sehen sie nie. Wir erhalten nur Betrag, Zahlungsstatus und eine Referenz. Stripe kann Daten
              auch in die USA übermitteln; Stripe ist nach dem EU-U.S. Data Privacy Framework zertifiziert.
              Näheres in der{' '}
              <a href="https://stripe.com/de/privacy" className={proseLinkClass} rel="noopener">
                Datenschutzerklärung von Stripe
              </a>
              .{partners && ` ${partners}`}
            </li>
          )}
          {methods.bankTransfer && (
            <li>
              <strong>Zahlung per Überweisung:</strong> {PRIVACY_TRANSFER_TEXT}
            </li>
          )}
          <li>
            <strong>Einwilligungen:</strong> ob und wann du der Datenverarbeitung oder dem Newsletter
            zugestimmt hast, mit Zeitpunkt und Version des Einwilligungstextes.
          </li>
          <li>
            <strong>E-Mails:</strong> Anmeldecodes, Buchungsbestätigungen und Tickets schicken wir an deine
            E-Mail-Adresse.
          </li>
          <li>
            <strong>Server-Protokolle:</strong> Beim Aufruf unserer Seiten verarbeitet der Server technisch
            notwendige Angaben wie IP-Adresse, Datum und Uhrzeit, aufgerufene Adresse, Statuscode und
            Browserkennung, um die Seiten auszuliefern und Fehler oder Angriffe zu erkennen.
          </li>
        </ul>
      </LegalSection>

      <LegalSection id="zwecke" title="Zwecke">
        <ul className={listClass}>
          <li>dich sicher anzumelden und dein Konto zu führen,</li>
          <li>
            deine Buchung abzuwickeln, Tickets auszustellen und Zahlungen sowie Erstattungen zu bearbeiten,
          </li>
          <li>dich über Änderungen oder Absagen deiner Veranstaltung zu informieren,</li>
          <li>gesetzliche Pflichten zu erfüllen, etwa die Aufbewahrung von Rechnungen,</li>
          <li>dir – nur wenn du es möchtest – unseren Newsletter zu neuen Veranstaltungen zu schicken,</li>
          <li>den Betrieb und die Sicherheit der Website zu gewährleisten.</li>
        </ul>
      </LegalSection>

      <LegalSection id="rechtsgrundlagen" title="Rechtsgrundlagen">
        <ul className={listClass}>
          <li>
            <strong>Art. 6 Abs. 1 lit. a DSGVO</strong> (Einwilligung): Newsletter und die Einwilligung beim
            Vervollständigen deines Profils. Du kannst sie jederzeit mit Wirkung für die Zukunft widerrufen.
          </li>
          <li>
            <strong>Art. 6 Abs. 1 lit. b DSGVO</strong> (Vertrag): Konto, Buchung, Tickets, Zahlung und
            Kommunikation rund um deine Veranstaltung.
          </li>
          <li>
            <strong>Art. 6 Abs. 1 lit. c DSGVO</strong> (rechtliche Verpflichtung): Aufbewahrung von
            Rechnungen und Buchungsbelegen nach Handels- und Steuerrecht.
          </li>
          <li>
            <strong>Art. 6 Abs. 1 lit. f DSGVO</strong> (berechtigtes Interesse): sicherer, stabiler Betrieb
            der Website, Server-Protokolle sowie Betrugsvorbeugung bei Zahlungen.
          </li>
        </ul>
      </LegalSection>

      <LegalSection id="newsletter" title="Newsletter">
        <p>
          Wenn du dich für unseren Newsletter anmeldest, informieren wir dich per E-Mail über neue
          Veranstaltungen – ohne Werbung für Dritte. Wir nutzen das Double-Opt-in-Verfahren: Erst wenn du den
          Link in unserer Bestätigungs-E-Mail anklickst, bist du angemeldet. So kann sich niemand mit fremder
          Adresse eintragen.
        </p>
        <p>
          Für den Versand setzen wir einen E-Mail-Marketing-Dienstleister ein, der die Daten nur in unserem
          Auftrag und nach unseren Weisungen verarbeitet (Art. 28 DSGVO). Um deine Einwilligung nachweisen zu
          können, speichern wir den Zeitpunkt der Anmeldung und der Bestätigung sowie die Stelle, an der du
          dich angemeldet hast, und die Browserkennung.
        </p>
        <p>
          Du kannst den Newsletter jederzeit abbestellen – über den Link in jeder E-Mail, in deinem Profil
          oder mit einer kurzen Nachricht an uns. Die Rechtmäßigkeit der bis dahin erfolgten Verarbeitung
          bleibt vom Widerruf unberührt.
        </p>
      </LegalSection>
    </>
  );
}
