// Layers of the server and no import cycles anywhere in src (docs/architecture.md, Layers and folders).
// Run with `npm run lint:layers`; type-only imports count as well. The boundaries between shared, web and
// server are kept by ESLint (eslint.config.js).

// The floors of core, bottom to top (docs/decisions/051-layers-inside-core.md). A domain folder imports only
// folders on lower floors: never one on its own floor, never one above. A new folder of core must be placed
// here, or lint fails. The files at core's root (app-error.ts, actor.ts, use-case-deps.ts) are on no floor.
const CORE_FLOORS = [
  // Werkzeuge ohne Fachwissen: CSV-Zellen, Farben und Schrift der Dokumente, Bilder umrechnen.
  ['csv', 'documents', 'media'],
  // Die Ticketarten und Fragen einer Veranstaltung, wie sie gelesen werden, und die Plätze je Ticketart.
  ['ticket-categories'],
  // Die Veranstaltung, wie alle sie lesen: öffentliche Sicht, ihre Spalten, wer den Online-Link bekommt, und
  // das Signal, dass sich Öffentliches geändert hat.
  ['events'],
  // Was der Admin festlegt und jede höhere Domäne liest: Einstellungen, Stornoregeln.
  ['settings', 'policies'],
  // Dienste, die höhere Domänen rufen: Postausgang und Vorlagen, der geltende Zahlungsanbieter (Stripe, Test, keiner).
  ['mail', 'payment-providers'],
  // Webhooks: schreibt die Nachrichten an die Webhook-Ziele in der Transaktion der Änderung (ein Postausgang).
  ['webhooks'],
  // Anmeldung, Sitzungen, Ratenbremsen; API-Schlüssel.
  ['auth', 'api-keys'],
  // Die Person selbst (Profil, Einwilligung, E-Mail-Wechsel, Sperre der Person), Newsletter, erster Eigentümer.
  ['profiles', 'newsletter', 'setup'],
  // Was eine Buchung braucht, ohne sie zu kennen: Nutzerverwaltung, Warteliste, Rechnungen, Gutscheincodes.
  ['users', 'waitlist', 'invoices', 'discount-codes'],
  // Buchen: Halten, Bestätigen, die Mails zur Buchung; gibt frei gewordene Plätze an die Warteliste.
  ['bookings'],
  // Tickets einer Buchung: Dokumente, Storno, Übertragung, Listen.
  ['tickets'],
  // Was nach der Veranstaltung zu einem Ticket entsteht: Teilnahmebescheinigungen, Feedback.
  ['certificates', 'feedback'],
  // Was auf Tickets aufsetzt: Zahlungen und Erstattungen, Datenschutz, Veranstaltungen verwalten, Testmails.
  ['payments', 'privacy', 'admin-events', 'admin-test-mails'],
  // Auf der Verwaltung und den Zahlungen: Überweisung, Teilnehmer und Einlass, Admin-Übersicht, Buchhaltung (DATEV).
  ['bank-transfer', 'participants', 'admin-dashboard', 'series', 'accounting'],
  // Mails an die Teilnehmer einer Veranstaltung: Regeln, Nachrichten, Mindestteilnehmerzahl.
  ['event-mails'],
  // Die öffentliche REST-API /api/v1: ruft die Anwendungsfälle darunter mit einem API-Schlüssel als Akteur.
  ['public-api'],
];

const folders = (names) => `^src/server/core/(${names.join('|')})/`;

/** One rule per floor: its folders import none of their own floor (but themselves) and none above. */
const coreFloorRules = CORE_FLOORS.map((floor, index) => ({
  name: `core-floor-${index + 1}-not-up`,
  severity: 'error',
  comment:
    `Etage ${index + 1} von core (${floor.join(', ')}) importiert nur Ordner tieferer Etagen, keinen ` +
    'daneben und keinen darüber (docs/decisions/051-layers-inside-core.md).',
  from: { path: folders(floor) },
  to: { path: folders(CORE_FLOORS.slice(index).flat()), pathNot: '^src/server/core/$1/' },
}));

// use-case-deps.ts names the services of the floors up to this one (Auth, SettingsStore, the mail context, the
// seat notifier, PaymentGateway): it stands on them, and only the floors above take it.
const USE_CASE_DEPS_ABOVE_FLOOR = 7;
const USE_CASE_DEPS = '^src/server/core/use-case-deps\\.ts$';

const knownCoreFolders = `^src/server/core/(?!(${CORE_FLOORS.flat().join('|')})/)[^/]+/`;

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...coreFloorRules,
    {
      name: 'use-case-deps-below-the-use-cases',
      severity: 'error',
      comment:
        `use-case-deps.ts steht über Etage ${USE_CASE_DEPS_ABOVE_FLOOR} von core: es nennt deren Dienste, also ` +
        'importiert keine dieser Etagen es, und es selbst importiert nichts darüber.',
      from: { path: folders(CORE_FLOORS.slice(0, USE_CASE_DEPS_ABOVE_FLOOR).flat()) },
      to: { path: USE_CASE_DEPS },
    },
    {
      name: 'use-case-deps-names-only-services-below',
      severity: 'error',
      comment: 'Wie use-case-deps-below-the-use-cases, in der anderen Richtung.',
      from: { path: USE_CASE_DEPS },
      to: { path: folders(CORE_FLOORS.slice(USE_CASE_DEPS_ABOVE_FLOOR).flat()) },
    },
    {
      name: 'core-folder-on-a-floor',
      severity: 'error',
      comment:
        'Jeder Ordner in core steht in CORE_FLOORS oben in dieser Datei, sonst ist seine Etage ungeprüft: ' +
        'einen neuen Ordner dort eintragen (docs/decisions/051-layers-inside-core.md).',
      from: { path: '^src/' },
      to: { path: knownCoreFolders },
    },
    {
      name: 'core-folder-on-a-floor-from-inside',
      severity: 'error',
      comment:
        'Wie core-folder-on-a-floor, für die Importe aus einem Ordner, der nicht in CORE_FLOORS steht.',
      from: { path: knownCoreFolders },
      to: {},
    },
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'Kein Modul in src importiert sich über Umwege selbst: Zyklen machen die Ladereihenfolge zufällig ' +
        'und die Schichten unlesbar. Gemeinsames gehört in ein eigenes Modul, das keinen der Beteiligten importiert.',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'db-imports-only-db',
      severity: 'error',
      comment:
        'db/ (Schema, Verbindung, Typen) ist die unterste Schicht: außer src/shared (für die Enums des Schemas) ' +
        'importiert sie nichts vom Server außerhalb von db/. Demo-Daten und Test-Factories liegen in demo/.',
      from: { path: '^src/server/db/' },
      to: { path: '^src/server/', pathNot: '^src/server/db/' },
    },
    {
      name: 'adapters-not-core-http-jobs',
      severity: 'error',
      comment:
        'Adapter (Speicher, Sitzplatz-Feed, Zahlungen, Mail) bieten ihre Schnittstelle an und kennen weder die ' +
        'Fachlogik noch HTTP, Jobs oder die Demo-Daten: core ruft sie auf, nicht umgekehrt.',
      from: { path: '^src/server/adapters/' },
      to: { path: '^src/server/(core|http|jobs|demo)/' },
    },
    {
      name: 'core-not-http-jobs-demo-test',
      severity: 'error',
      comment:
        'Die Fachlogik hängt nicht von ihren Aufrufern ab: kein HTTP, keine Jobs, nicht die Demo-Daten ' +
        '(Seed, Factories) und kein Testcode. Was sie braucht, bekommt sie als Parameter.',
      from: { path: '^src/server/core/' },
      to: { path: ['^src/server/(http|jobs|demo)/', '^(test|e2e|bench)/'] },
    },
    {
      name: 'jobs-not-http',
      severity: 'error',
      comment:
        'Hintergrundjobs laufen ohne Anfrage; sie rufen core auf, nie die HTTP-Schicht (und nicht die Demo-Daten).',
      from: { path: '^src/server/jobs/' },
      to: { path: '^src/server/(http|demo)/' },
    },
    {
      name: 'http-not-jobs-demo',
      severity: 'error',
      comment:
        'Die HTTP-Schicht ist dünn: sie ruft core auf. Jobs (z. B. den Mail-Worker) bekommt sie nur über ' +
        'Schnittstellen in http/context.ts, verdrahtet in services.ts; den Demo-Seed startet nur main.ts.',
      from: { path: '^src/server/http/' },
      to: { path: '^src/server/(jobs|demo)/' },
    },
    {
      name: 'composition-root-only-from-outside',
      severity: 'error',
      comment:
        'main.ts und services.ts verdrahten alles und dürfen alles importieren; deshalb importiert sie ' +
        'niemand in src außer main.ts selbst (services.ts), sonst entstehen Zyklen über die Wurzel.',
      from: { path: '^src/', pathNot: '^src/server/main\\.ts$' },
      to: { path: '^src/server/(main|services)\\.ts$' },
    },
    {
      name: 'src-not-test',
      severity: 'error',
      comment:
        'Produktionscode importiert nie Testcode (test/, e2e/, bench/); der wird nicht mit ausgeliefert.',
      from: { path: '^src/' },
      to: { path: '^(test|e2e|bench)/' },
    },
  ],
  options: {
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^src/server/db/migrations/' },
  },
};
