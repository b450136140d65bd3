import {
  ACCESSIBILITY_LABELS,
  CONFORMITY_LEVELS,
  conformityOf,
  DEFAULT_ACCESSIBILITY_AUTHORITY,
  formatStatementDay,
  isStatementDay,
  missingStatementParts,
  textLines,
} from '@shared/accessibility';
import { OPERATOR_PLACEHOLDER_PREFIX } from '@shared/operator-data';
import { usePageTitle } from '@web/lib/page-title';
import { useSettings } from '@web/lib/settings';
import { ContentPage, LegalSection, listClass, MailLink, useOperator } from './legal-section';

/** A part of the statement the operator has not entered yet, marked as the other legal pages mark theirs. */
function Missing({ label }: { label: string }) {
  return (
    <mark
      title="Noch vom Betreiber in den Einstellungen einzutragen"
      className="rounded-sm px-1 outline-2 outline-offset-1 outline-current outline-dashed"
    >
      {`${OPERATOR_PLACEHOLDER_PREFIX} ${label}]`}
    </mark>
  );
}

/**
 * The accessibility statement (docs/product/site.md#accessibility-statement; BFSG § 14 with Annex 3): what
 * the service is and how it is used, how far it meets the requirements, the known gaps, where to report a
 * barrier, the market surveillance authority and the statement's date. The operator's part comes from the
 * card 'Rechtliches & Betreiber' (docs/decisions/047-accessibility-statement.md); what the software itself
 * does is said here, and e2e/accessibility.spec.ts checks it.
 */
export function AccessibilityPage() {
  usePageTitle('Erklärung zur Barrierefreiheit');
  const { brand, supportEmail, accessibility } = useSettings();
  const { operator } = useOperator();
  const level = conformityOf(accessibility.conformity);
  const gaps = textLines(accessibility.knownGaps);
  const authority = textLines(accessibility.authority || DEFAULT_ACCESSIBILITY_AUTHORITY);
  const contact = accessibility.contactEmail || operator.email || supportEmail;
  const day = isStatementDay(accessibility.reviewedOn) ? formatStatementDay(accessibility.reviewedOn) : null;
  const incomplete = missingStatementParts(accessibility).length > 0;

  return (
    <ContentPage
      title="Erklärung zur Barrierefreiheit"
      lead={
        <>
          für {brand.siteName} · Stand:{' '}
          {day ?? <Missing label={ACCESSIBILITY_LABELS.accessibilityReviewedOn} />}
        </>
      }
    >
      {incomplete ? (
        <p className="rounded-lg border border-dashed border-border bg-muted px-4 py-3 text-sm text-foreground">
          Hinweis für den Betreiber: Markierte Angaben sind noch Platzhalter und müssen in den Einstellungen
          unter „Rechtliches &amp; Betreiber“ ergänzt werden.
        </p>
      ) : null}

      <LegalSection id="angebot" title="Unser Angebot">
        <p>
          {brand.siteName} ist ein Ticketshop für Workshops, Seminare und Retreats. Auf der Startseite findest
          du das Programm als Karten oder als Kalender; jede Veranstaltung hat eine eigene Seite mit Termin,
          Ort, Preis und Beschreibung.
        </p>
        <p>
          Zum Buchen meldest du dich mit deiner E-Mail-Adresse an: Du bekommst einen 6-stelligen Code oder
          einen Anmeldelink, ein Passwort gibt es nicht. Danach wählst du die Anzahl der Tickets, bezahlst und
          findest deine Tickets unter „Meine Tickets“ und als PDF in der Bestätigungs-E-Mail.
        </p>
      </LegalSection>

      <LegalSection id="stand" title="Wie barrierefrei ist dieser Shop?">
        <p>
          Maßstab sind das Barrierefreiheitsstärkungsgesetz (BFSG) und seine Verordnung (BFSGV). Technisch
          folgen wir der europäischen Norm EN 301 549, die für Webseiten die Web Content Accessibility
          Guidelines (WCAG) 2.1 auf Stufe AA zugrunde legt.
        </p>
        <p>
          {level ? (
            <>
              Dieser Shop ist mit diesen Anforderungen <strong>{CONFORMITY_LEVELS[level].sentence}</strong>{' '}
              {level === 'full' ? 'vereinbar.' : 'vereinbar; die Einschränkungen stehen unten.'}
            </>
          ) : (
            <>
              Stand der Vereinbarkeit: <Missing label={ACCESSIBILITY_LABELS.accessibilityConformity} />
            </>
          )}
        </p>
      </LegalSection>

      <LegalSection id="umsetzung" title="Was der Shop dafür tut">
        <ul className={listClass}>
          <li>
            Alles vom Programm bis zu „Meine Tickets“ geht mit der Tastatur allein, und du siehst stets, wo
            der Fokus steht. Ein Link „Zum Inhalt springen“ führt an der Navigation vorbei.
          </li>
          <li>
            Überschriften, Bereiche und beschriftete Formularfelder gliedern jede Seite; Fehlermeldungen
            stehen am Feld und werden von Screenreadern vorgelesen.
          </li>
          <li>
            Du kannst den Text auf 200 % vergrößern, und die Seiten passen ohne seitliches Scrollen auf
            Bildschirme ab 320 Pixel Breite.
          </li>
          <li>
            Es gibt eine helle und eine dunkle Darstellung; die Farben erreichen in beiden die Kontraste der
            Stufe AA.
          </li>
          <li>
            Die wichtigsten Seiten werden bei jeder Änderung der Software automatisch geprüft: auf
            WCAG-Verstöße, mit der Tastatur, bei 320 Pixel Breite und bei 200 % Textgröße.
          </li>
        </ul>
      </LegalSection>

      <LegalSection id="einschraenkungen" title="Bekannte Einschränkungen">
        {gaps.length > 0 ? (
          <>
            <p>Folgende Inhalte oder Funktionen sind noch nicht oder nur eingeschränkt barrierefrei:</p>
            <ul className={listClass}>
              {gaps.map((gap, index) => (
                <li key={index}>{gap}</li>
              ))}
            </ul>
          </>
        ) : level === 'full' ? (
          <p>Uns sind derzeit keine Einschränkungen bekannt.</p>
        ) : (
          <p>
            <Missing label={ACCESSIBILITY_LABELS.accessibilityKnownGaps} />
          </p>
        )}
      </LegalSection>

      <LegalSection id="barriere-melden" title="Barriere gefunden?">
        <p>
          Wenn dir eine Barriere auffällt oder du eine Information in einer anderen Form brauchst (etwa dein
          Ticket oder deine Rechnung als Text), schreib uns an <MailLink address={contact} />. Wir antworten
          dir und helfen, auf einem anderen Weg zu buchen, bis die Barriere behoben ist.
        </p>
      </LegalSection>

      <LegalSection id="behoerde" title="Zuständige Marktüberwachungsbehörde">
        <p>Die Einhaltung der Anforderungen überwacht:</p>
        <address className="not-italic">
          {authority.map((line, index) => (
            <span key={index} className="block break-words">
              {line}
            </span>
          ))}
        </address>
        <p>
          Bist du mit unserer Antwort nicht zufrieden, kannst du dort beantragen, dass sie tätig wird (§ 32
          BFSG), oder die Schlichtungsstelle beim Beauftragten der Bundesregierung für die Belange von
          Menschen mit Behinderungen anrufen (§ 34 BFSG).
        </p>
      </LegalSection>

      <LegalSection id="erstellt" title="Stand dieser Erklärung">
        <p>
          Diese Erklärung wurde am {day ?? <Missing label={ACCESSIBILITY_LABELS.accessibilityReviewedOn} />}{' '}
          erstellt oder zuletzt überprüft.
        </p>
      </LegalSection>
    </ContentPage>
  );
}
