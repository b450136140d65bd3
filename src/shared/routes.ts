/**
 * Every page the client renders, as react-router path patterns (`:param` is one segment, a trailing `*`
 * anything below). The client's router takes its `path` values from here (src/web/app/router.tsx), and the
 * server answers exactly these paths with the app shell and status 200; any other path gets the shell with
 * 404 (docs/product/site.md#routes).
 */
export const CLIENT_ROUTES = {
  home: '',
  events: 'events',
  timetable: 'timetable',
  comingSoon: 'coming-soon',
  setup: 'setup',
  event: 'event/:slug',
  /** The dates of an event series (docs/product/event-series.md#series-page). */
  series: 'series/:slug',
  eventLogin: 'event/:slug/login',
  help: 'help',
  imprint: 'impressum',
  privacy: 'datenschutz',
  terms: 'agb',
  /** The accessibility statement (docs/product/site.md#accessibility-statement). */
  accessibility: 'barrierefreiheit',
  emailConfirmed: 'email-confirmed',
  login: 'login',
  /** Shown by the root itself, before any route (src/web/app/root.tsx; see isMagicLinkUrl). */
  magicLink: 'auth/magic-link/*',
  onboarding: 'onboarding',
  booking: 'booking/:eventId',
  bookingSuccess: 'booking/:bookingId/success',
  /** The test provider's stand-in for PayPal's and Klarna's pages (docs/decisions/056-payment-methods-and-the-checkout.md). */
  testPayment: 'booking/:bookingId/testzahlung/:method',
  checkout: 'checkout/:eventId',
  myTickets: 'my-tickets',
  myTicketsGerman: 'meine-tickets',
  profile: 'profile',
  profileEmail: 'profile/email',
  orderConfirmation: 'order/:bookingId/confirmation',
  admin: 'admin/*',
  /** The organizer area (docs/product/organizer-day.md#organizer-area); admins may open it too. */
  organizer: 'veranstalter',
  organizerEvent: 'veranstalter/events/:eventId',
  /** The results of an event's survey 'Wie war's?' for its organizers (docs/product/feedback.md#results). */
  organizerEventFeedback: 'veranstalter/events/:eventId/feedback',
  /** The survey 'Wie war's?' of one ticket, by its signed link without sign-in (docs/product/feedback.md#survey). */
  feedback: 'feedback/:token',
  /** The public check of a certificate's code, without an account (docs/product/certificates.md#check-page). */
  certificateCheck: 'bescheinigung/:code',
  /** The door check-in for organizers and admins (docs/product/organizer-day.md#check-in). */
  checkIn: 'checkin/:eventId',
  devMails: 'dev/mails',
  /** The booking widget's page inside a host page's frame (docs/product/widget.md#widget-page). */
  widget: 'widget',
} as const;

export type ClientRoute = keyof typeof CLIENT_ROUTES;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A pattern as a matcher of the whole path, with the names of its parameters. */
function compile(pattern: string): { regexp: RegExp; names: string[] } {
  const names: string[] = [];
  const segments = pattern.split('/').filter(Boolean);
  const splat = segments.at(-1) === '*';
  const body = (splat ? segments.slice(0, -1) : segments)
    .map((segment) => {
      if (!segment.startsWith(':')) return `/${escapeRegExp(segment)}`;
      names.push(segment.slice(1));
      return '/([^/]+)';
    })
    .join('');
  return { regexp: new RegExp(`^${body}${splat ? '(?:/.*)?' : ''}${body ? '' : '/'}$`), names };
}

const MATCHERS = (Object.entries(CLIENT_ROUTES) as [ClientRoute, string][]).map(([route, pattern]) => ({
  route,
  ...compile(pattern),
}));

/** The route a path shows (a trailing slash is ignored), with its parameters as they stand in the path. */
export function matchClientRoute(
  pathname: string,
): { route: ClientRoute; params: Record<string, string> } | null {
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  for (const { route, regexp, names } of MATCHERS) {
    const found = regexp.exec(normalized);
    if (found) return { route, params: Object.fromEntries(names.map((name, i) => [name, found[i + 1]!])) };
  }
  return null;
}

export function isClientRoute(pathname: string): boolean {
  return matchClientRoute(pathname) !== null;
}

/**
 * Any URL with a `code` or `token` query parameter shows the magic-link handler
 * (docs/product/accounts-and-consent.md#magic-link-handler). Except /setup: its `token` is the owner-setup
 * token (the start prints `/setup?token=…`; docs/product/admin.md#owner-setup).
 */
export function isMagicLinkUrl(pathname: string, search: URLSearchParams): boolean {
  if (pathname.startsWith('/auth/magic-link')) return true;
  if (pathname === '/setup') return false;
  return search.has('code') || search.has('token');
}
