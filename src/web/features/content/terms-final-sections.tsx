import { SmartLink } from '@web/components/ui/smart-link';
import { useSettings } from '@web/lib/settings';
import { LegalSection, proseLinkClass } from './legal-section';

/** Terms §§ 5–8: cancellation by the organizers, liability, data protection, final provisions. */
export function TermsFinalSections() {
  const { legal } = useSettings();

  return (
    <>
      <LegalSection id="absage" title="§ 5 Absage durch die Veranstalter">
        <p>
          Wir können eine Veranstaltung aus wichtigem Grund absagen, etwa wenn zu wenige Anmeldungen
          vorliegen, eine Leitung erkrankt oder höhere Gewalt die Durchführung unmöglich macht. Wir
          informieren dich darüber so früh wie möglich per E-Mail.
        </p>
        <p>
          In diesem Fall erstatten wir dir die bereits gezahlte Teilnahmegebühr vollständig. Weitergehende
          Ansprüche, etwa auf Ersatz von Reise- oder Übernachtungskosten, bestehen nur im Rahmen von § 6.
        </p>
      </LegalSection>

      <LegalSection id="haftung" title="§ 6 Haftung">
        <p>
          Die Teilnahme erfolgt freiwillig und in eigener Verantwortung. Unsere Veranstaltungen dienen der
          persönlichen Weiterentwicklung; sie sind keine Psychotherapie und ersetzen keine ärztliche oder
          therapeutische Behandlung. Wenn du in Behandlung bist, sprich die Teilnahme bitte vorher mit deiner
          Ärztin, deinem Arzt oder deiner Therapeutin bzw. deinem Therapeuten ab.
        </p>
        <p>
          Wir haften unbeschränkt bei Vorsatz und grober Fahrlässigkeit sowie für Schäden aus der Verletzung
          des Lebens, des Körpers oder der Gesundheit. Bei leichter Fahrlässigkeit haften wir nur für die
          Verletzung wesentlicher Vertragspflichten, deren Erfüllung die Durchführung des Vertrags erst
          ermöglicht und auf deren Einhaltung du regelmäßig vertrauen darfst; die Haftung ist dann auf den
          vorhersehbaren, vertragstypischen Schaden begrenzt. Für mitgebrachte Gegenstände übernehmen wir
          keine Haftung, soweit uns nicht Vorsatz oder grobe Fahrlässigkeit zur Last fällt.
        </p>
      </LegalSection>

      <LegalSection id="datenschutz" title="§ 7 Datenschutz">
        <p>
          Wir verarbeiten deine Daten nur, soweit es für die Buchung und Durchführung der Veranstaltungen
          nötig ist oder du eingewilligt hast. Alle Einzelheiten findest du in unserer{' '}
          <SmartLink to={legal.privacyUrl} className={proseLinkClass}>
            Datenschutzerklärung
          </SmartLink>
          .
        </p>
      </LegalSection>

      <LegalSection id="schlussbestimmungen" title="§ 8 Schlussbestimmungen">
        <p>
          Es gilt das Recht der Bundesrepublik Deutschland unter Ausschluss des UN-Kaufrechts. Bist du
          Verbraucherin oder Verbraucher, gilt diese Rechtswahl nur, soweit dir dadurch nicht der Schutz
          zwingender Vorschriften des Staates entzogen wird, in dem du deinen gewöhnlichen Aufenthalt hast.
        </p>
        <p>
          Sollte eine Bestimmung dieser AGB unwirksam sein oder werden, bleibt die Wirksamkeit der übrigen
          Bestimmungen davon unberührt. An die Stelle der unwirksamen Bestimmung treten die gesetzlichen
          Vorschriften.
        </p>
      </LegalSection>
    </>
  );
}
