// Which Chromium the journeys run in (docs/decisions/063-test-speed.md, "Two Chromiums"). Both come from Debian
// (`apt-get install -y chromium chromium-headless-shell`); the machines cannot download Playwright's own.
//
// - Most journeys run in the headless shell, the build Playwright itself uses for headless runs: the same
//   Blink and V8 without the full browser's window machinery. On this 2-core machine it took a third less CPU
//   and wall time for the same 51 journeys, and the browser tests are bound by the cores.
// - The journeys that need what only the full browser does run there: the booking widget (a framed site's
//   storage is partitioned as in the Chrome a visitor has; the shell leaked the frame's cookie answer into the
//   shop's own tab) and the door's camera (a fake video device fed from a file).

/** The full browser: E2E_CHROMIUM_FULL or CHROMIUM_PATH, else Debian's /usr/bin/chromium. */
export const FULL_CHROMIUM =
  process.env.E2E_CHROMIUM_FULL ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The headless shell: E2E_CHROMIUM_SHELL, else CHROMIUM_PATH (one browser for everything), else Debian's
 * /usr/bin/chromium-headless-shell.
 */
export const HEADLESS_SHELL =
  process.env.E2E_CHROMIUM_SHELL ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';

/** The flags every journey's Chromium starts with. */
export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** For `test.use` in a spec whose journeys need the full browser (a worker of its own starts it). */
export const fullBrowser = { launchOptions: { executablePath: FULL_CHROMIUM, args: [...CHROMIUM_ARGS] } };
