import { openCookieConsent } from '@web/lib/cookie-consent';
import { LegalSection, listClass, proseLinkClass } from './legal-section';

/** Privacy policy, part 2: how long we keep data, your rights, security and cookies. */
export function PrivacyRightsSections() {
  return (
    <>
      <LegalSection id="speicherdauer" title="Speicherdauer">
        <p>
          Wir speichern deine Daten nur so lange, wie wir sie für die genannten Zwecke brauchen oder
          gesetzlich aufbewahren müssen:
        </p>
        <ul className={listClass}>
          <li>Konto- und Profildaten, bis du dein Konto löschen lässt.</li>
          <li>
            Rechnungen und Buchungsbelege bewahren wir nach § 147 AO und § 257 HGB auf – je nach Unterlage bis
            zu zehn Jahre (Buchungsbelege derzeit acht Jahre). Während dieser Zeit sperren wir die Daten für
            jede andere Verwendung.
          </li>
          <li>
            Newsletter-Daten, bis du dich abmeldest; den Nachweis der Einwilligung, solange wir ihn brauchen.
          </li>
          <li>
            Server-Protokolle nur kurz, bis sie für Fehlersuche und Sicherheit nicht mehr benötigt werden.
          </li>
        </ul>
      </LegalSection>

      <LegalSection id="rechte" title="Deine Rechte">
        <p>Du hast jederzeit das Recht auf</p>
        <ul className={listClass}>
          <li>Auskunft über die bei uns gespeicherten Daten (Art. 15 DSGVO),</li>
          <li>Berichtigung unrichtiger Daten (Art. 16 DSGVO),</li>
          <li>Löschung deiner Daten (Art. 17 DSGVO),</li>
          <li>Einschränkung der Verarbeitung (Art. 18 DSGVO),</li>
          <li>Datenübertragbarkeit (Art. 20 DSGVO),</li>
          <li>
            Widerspruch gegen Verarbeitungen, die auf unserem berechtigten Interesse beruhen (Art. 21 DSGVO),
          </li>
          <li>Widerruf erteilter Einwilligungen mit Wirkung für die Zukunft (Art. 7 Abs. 3 DSGVO).</li>
        </ul>
        <p>
          Außerdem kannst du dich bei einer Datenschutz-Aufsichtsbehörde beschweren (Art. 77 DSGVO), zum
          Beispiel in dem Bundesland, in dem du wohnst, oder dort, wo wir unseren Sitz haben. Am schnellsten
          helfen wir dir aber meist selbst – schreib uns einfach.
        </p>
      </LegalSection>

      <LegalSection id="sicherheit" title="Datensicherheit">
        <p>
          Alle Seiten werden verschlüsselt über TLS (HTTPS) übertragen. Zugriff auf deine Daten haben nur die
          Personen, die sie für die Durchführung der Veranstaltungen brauchen. Wir halten unsere Systeme
          aktuell und schützen sie mit technischen und organisatorischen Maßnahmen nach Art. 32 DSGVO.
        </p>
      </LegalSection>

      <LegalSection id="cookies" title="Cookies und lokale Speicherung">
        <p>Ohne deine Zustimmung verwenden wir nur, was für den Betrieb der Seite technisch notwendig ist:</p>
        <ul className={listClass}>
          <li>ein Sitzungs-Cookie, das dich nach der Anmeldung angemeldet hält,</li>
          <li>
            im Speicher deines Browsers deine Cookie-Auswahl und, ob du den Newsletter-Hinweis geschlossen
            oder den Newsletter bestellt hast; beim Einlasspersonal außerdem die Teilnehmerliste für den
            Einlass ohne Netz und, ob die Kamera von selbst startet,
          </li>
          <li>
            nur für den geöffneten Tab (gelöscht, wenn du ihn schließt): wohin du nach der Anmeldung
            zurückkehrst, die E-Mail-Adresse der laufenden Anmeldung, deine Ticketliste für zwei Minuten
            (damit sie beim nächsten Aufruf sofort erscheint) sowie deine Darstellung (hell oder dunkel) und
            die Ansicht der Startseite (Karten oder Kalender).
          </li>
        </ul>
        <p>
          Wählst du im Cookie-Hinweis „Alle akzeptieren“, merken wir uns Darstellung und Ansicht der
          Startseite außerdem dauerhaft auf diesem Gerät (Art. 6 Abs. 1 lit. a DSGVO, § 25 Abs. 1 TDDDG). Mit
          „Nur notwendige“ – auch später über „Cookie-Einstellungen“ – löschen wir sie dort wieder.
        </p>
        <p>
          Rechtsgrundlage für das Notwendige ist § 25 Abs. 2 Nr. 2 TDDDG in Verbindung mit Art. 6 Abs. 1 lit.
          b und f DSGVO. Wir setzen keine Tracking-, Analyse- oder Werbe-Cookies ein – auch dann nicht, wenn
          du „Alle akzeptieren“ wählst. Auf der Bezahlseite lädt Stripe sein Zahlungsformular und kann dabei
          eigene, für die Zahlung und Betrugsvorbeugung notwendige Cookies setzen.
        </p>
        <p>
          <button type="button" onClick={openCookieConsent} className={proseLinkClass}>
            Cookie-Einstellungen ändern
          </button>
        </p>
      </LegalSection>
    </>
  );
}
