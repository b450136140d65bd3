// Layers of the server and no import cycles anywhere in src (docs/architecture.md, Layers and folders).
// Run with `npm run lint:layers`; type-only imports count as well. The boundaries between shared, web and
// server are kept by ESLint (eslint.config.js).

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
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
