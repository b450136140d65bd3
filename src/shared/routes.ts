// spec visitor §2 'Route table' and spec admin §2: every path the client renders.
// The server answers these with the app shell and status 200; any other path gets the shell with 404.
const CLIENT_ROUTE_PATTERNS: RegExp[] = [
  /^\/$/,
  /^\/events$/,
  /^\/timetable$/,
  /^\/coming-soon$/,
  /^\/setup$/,
  /^\/event\/[^/]+$/,
  /^\/event\/[^/]+\/login$/,
  /^\/help$/,
  /^\/impressum$/,
  /^\/datenschutz$/,
  /^\/agb$/,
  /^\/email-confirmed$/,
  /^\/login$/,
  /^\/auth\/magic-link(\/.*)?$/,
  /^\/onboarding$/,
  /^\/booking\/[^/]+$/,
  /^\/booking\/[^/]+\/success$/,
  /^\/checkout\/[^/]+$/,
  /^\/my-tickets$/,
  /^\/meine-tickets$/,
  /^\/profile$/,
  /^\/profile\/email$/,
  /^\/order\/[^/]+\/confirmation$/,
  /^\/admin(\/.*)?$/,
  /^\/dev\/mails$/,
];

export function isClientRoute(pathname: string): boolean {
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return CLIENT_ROUTE_PATTERNS.some((pattern) => pattern.test(normalized));
}

/**
 * spec visitor §2: any URL with a `code` or `token` query parameter shows the magic-link handler.
 * Except /setup: its `token` is the owner-setup token (DESIGN §1 prints `/setup?token=…`).
 */
export function isMagicLinkUrl(pathname: string, search: URLSearchParams): boolean {
  if (pathname.startsWith('/auth/magic-link')) return true;
  if (pathname === '/setup') return false;
  return search.has('code') || search.has('token');
}
