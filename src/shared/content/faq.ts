// The questions of /help (docs/product/site.md#help) as data, so the client renders them and the server emits
// the same text as schema.org FAQPage JSON-LD. Plain text only: each string is one paragraph. How to pay
// follows what the shop offers (faqEntries; docs/product/site.md#payment-texts).

import { CARD_ONLY, faqHowToPay, faqWhenPaid, type OfferedPaymentMethods } from './payment-texts';

export interface FaqEntry {
  /** Anchor on /help, e.g. `q-storno` for /help#q-storno. */
  id: string;
  question: string;
  answer: string[];
}

// The fee list of the terms (AGB § 4), repeated word for word in the FAQ (docs/product/site.md#help).
export const CANCELLATION_FEES_TEXT =
  'kostenfrei bis 14 Tage vor Beginn; ab 14 Tagen 30 %, ab 7 Tagen 50 %, ab 3 Tagen 100 % der Teilnahmegebühr';

export const FAQ_ENTRIES: FaqEntry[] = [
  {
    id: 'q-wie-buche-ich',
    question: 'Wie buche ich einen Platz?',
    answer: [
      'Such dir auf der Startseite eine Veranstaltung aus und klicke auf „Jetzt buchen“. Zum Anmelden gibst du nur deine E-Mail-Adresse ein; wir schicken dir einen 6-stelligen Code, den du eingibst – ein Passwort brauchst du nicht.',
      faqHowToPay(CARD_ONLY),
      faqWhenPaid(CARD_ONLY),
    ],
  },
  {
    id: 'q-wo-tickets',
    question: 'Wo finde ich meine Tickets?',
    answer: [
      'Nach dem Anmelden findest du alle deine Tickets im Menü unter „Meine Tickets“. Dort kannst du jedes Ticket als PDF herunterladen und die Veranstaltung in deinen Kalender übernehmen.',
      'Zusätzlich schicken wir dir dein Ticket per E-Mail. Bring es einfach ausgedruckt oder auf dem Handy mit. Einlass ist 15 Minuten vor Beginn.',
    ],
  },
  {
    id: 'q-probleme-noetig',
    question: 'Muss ich (oder müssen wir) Probleme haben, um teilzunehmen?',
    answer: [
      'Nein. Zu uns kommen Menschen und Paare, denen es gut geht und die sich bewusst Zeit für sich und ihre Beziehung nehmen möchten – genauso wie solche, die gerade an etwas knabbern.',
      'Du brauchst keinen Anlass und musst nichts „reparieren“ wollen. Neugier und die Lust, etwas Neues über dich auszuprobieren, reichen völlig.',
    ],
  },
  {
    id: 'q-vorkenntnisse',
    question: 'Brauche ich Vorkenntnisse?',
    answer: [
      'Nein, du kannst ohne jede Vorerfahrung teilnehmen. Wir erklären jede Übung Schritt für Schritt und holen dich dort ab, wo du gerade stehst.',
      'Wenn du schon Erfahrung mit Selbsterfahrung, Kommunikations- oder Körperarbeit hast, bist du natürlich genauso willkommen.',
    ],
  },
  {
    id: 'q-ablauf',
    question: 'Wie läuft ein Workshop ab?',
    answer: [
      'Wir beginnen mit einem entspannten Ankommen und einer kurzen Runde zum Kennenlernen. Danach wechseln sich kleine Impulse von uns mit Übungen ab – für dich allein, zu zweit oder in kleinen Gruppen.',
      'Zwischendurch gibt es Zeit für Austausch, Fragen und ausreichend Pausen. Am Ende schauen wir gemeinsam, was du mitnimmst. Den genauen Zeitplan findest du in der Beschreibung der jeweiligen Veranstaltung.',
    ],
  },
  {
    id: 'q-teilen',
    question: 'Muss ich vor der Gruppe etwas Persönliches erzählen?',
    answer: [
      'Nein. Du entscheidest selbst, wie viel du von dir zeigst. Viele Übungen finden zu zweit oder für dich allein statt; in der großen Runde teilst du nur, was du teilen möchtest.',
      'Was in der Gruppe gesagt wird, bleibt in der Gruppe. Darum bitten wir alle Teilnehmenden zu Beginn.',
    ],
  },
  {
    id: 'q-gruppengroesse',
    question: 'Wie groß sind die Gruppen?',
    answer: [
      'Wir arbeiten bewusst in kleinen Gruppen: Bei Workshops für Paare sind es etwa 6 Paare, bei Angeboten für Einzelne 12–15 Teilnehmende.',
      'So bleibt genug Raum für jede und jeden, und wir können gut auf euch eingehen.',
    ],
  },
  {
    id: 'q-therapie',
    question: 'Ist das eine Therapie?',
    answer: [
      'Nein. Unsere Workshops, Seminare und Retreats sind Angebote zur persönlichen Weiterentwicklung. Sie sind keine Psychotherapie und ersetzen keine ärztliche oder therapeutische Behandlung.',
      'Wenn du gerade in einer akuten Krise steckst oder in Behandlung bist, sprich bitte vorher mit deiner Ärztin, deinem Arzt oder deiner Therapeutin bzw. deinem Therapeuten. Rund um die Uhr erreichst du auch die TelefonSeelsorge kostenfrei unter 0800 111 0 111.',
    ],
  },
  {
    id: 'q-einzel-oder-reihe',
    question: 'Kann ich einzelne Termine buchen oder nur ganze Reihen?',
    answer: [
      'Beides gibt es: Die meisten Workshops sind Einzelveranstaltungen, die du unabhängig voneinander buchen kannst.',
      'Manche Angebote sind als Reihe mit mehreren aufeinander aufbauenden Terminen angelegt. Dann buchst du die Reihe als Ganzes – das steht jeweils deutlich in der Beschreibung der Veranstaltung.',
    ],
  },
  {
    id: 'q-unwohl',
    question: 'Was ist, wenn ich mich während des Workshops unwohl fühle?',
    answer: [
      'Das darf sein, und du darfst jederzeit gut für dich sorgen: eine Übung auslassen, eine Pause machen oder kurz den Raum verlassen. Niemand muss etwas mitmachen, das sich nicht stimmig anfühlt.',
      'Sprich uns gern an – in der Pause oder auch mitten in einer Übung. Wir nehmen uns Zeit für dich und finden gemeinsam einen Weg, der für dich passt.',
    ],
  },
  {
    id: 'q-mitbringen',
    question: 'Was sollte ich mitbringen?',
    answer: [
      'Bequeme Kleidung, in der du dich wohlfühlst, warme Socken, eine Trinkflasche sowie Notizbuch und Stift. Bei Retreats kommen eventuell eine Decke oder ein Sitzkissen dazu.',
      'Für Online-Veranstaltungen brauchst du einen ruhigen Raum, eine stabile Internetverbindung und ein Gerät mit Kamera und Mikrofon; Kopfhörer sind hilfreich. Alles Besondere steht in der Beschreibung der Veranstaltung und in deiner Buchungsbestätigung.',
    ],
  },
  {
    id: 'q-anmeldung',
    question: 'Warum muss ich mich anmelden, und brauche ich ein Passwort?',
    answer: [
      'Über dein Konto ordnen wir dir deine Buchungen und Tickets zu, damit du sie jederzeit unter „Meine Tickets“ wiederfindest.',
      'Ein Passwort gibt es bei uns nicht: Du gibst deine E-Mail-Adresse ein und bekommst einen 6-stelligen Code, mit dem du dich anmeldest. Kommt keine E-Mail an, schau bitte auch in deinen Spam-Ordner.',
    ],
  },
  {
    id: 'q-storno',
    question: 'Kann ich meine Buchung stornieren?',
    answer: [
      `Ja. Nach unseren AGB gilt: ${CANCELLATION_FEES_TEXT}.`,
      'Eine Ersatzperson ist immer möglich: Wenn du verhindert bist, kann jemand anderes deinen Platz übernehmen – dafür fallen keine Gebühren an. Gib uns dazu einfach kurz Bescheid.',
      'Stornieren kannst du selbst unter „Meine Tickets“. Dort siehst du vorab, welcher Betrag dir erstattet wird. Müssen wir eine Veranstaltung absagen, bekommst du die Teilnahmegebühr vollständig zurück.',
    ],
  },
];

/**
 * The questions as the shop's ways to pay make them read: 'Wie buche ich einen Platz?' names card, transfer,
 * both or neither (docs/product/site.md#payment-texts). FAQ_ENTRIES is the card-only reading.
 */
export function faqEntries(methods: OfferedPaymentMethods = CARD_ONLY): FaqEntry[] {
  return FAQ_ENTRIES.map((entry) =>
    entry.id === 'q-wie-buche-ich'
      ? { ...entry, answer: [entry.answer[0]!, faqHowToPay(methods), faqWhenPaid(methods)] }
      : entry,
  );
}

export interface FaqPageJsonLd {
  '@context': 'https://schema.org';
  '@type': 'FAQPage';
  inLanguage: string;
  mainEntity: {
    '@type': 'Question';
    name: string;
    acceptedAnswer: { '@type': 'Answer'; text: string };
  }[];
}

/** schema.org FAQPage for search engines; paragraphs are joined by a blank line. */
export function faqJsonLd(entries: FaqEntry[] = FAQ_ENTRIES): FaqPageJsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    inLanguage: 'de-DE',
    mainEntity: entries.map((entry) => ({
      '@type': 'Question',
      name: entry.question,
      acceptedAnswer: { '@type': 'Answer', text: entry.answer.join('\n\n') },
    })),
  };
}
