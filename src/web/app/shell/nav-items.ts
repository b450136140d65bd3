import type { SessionUser } from '@web/lib/session';

export interface NavItem {
  to: string;
  label: string;
}

/**
 * Which links a visitor sees (docs/product/site.md#header). 'Meine Tickets' has two addresses
 * (/my-tickets, /meine-tickets): the link follows the one in use, so it shows as the current page on both.
 */
export function navItemsFor(user: Pick<SessionUser, 'role'> | null, pathname = '/'): NavItem[] {
  const items: NavItem[] = [{ to: '/', label: 'Veranstaltungen' }];
  const tickets = pathname === '/meine-tickets' ? '/meine-tickets' : '/my-tickets';
  if (user) items.push({ to: tickets, label: 'Meine Tickets' });
  items.push({ to: '/help', label: 'FAQ' });
  // organizers reach their events here (docs/product/organizer-day.md#organizer-area); admins keep theirs
  if (user?.role === 'organizer') items.push({ to: '/veranstalter', label: 'Veranstalter' });
  if (user?.role === 'admin') items.push({ to: '/admin', label: 'Administration' });
  if (!user) items.push({ to: '/login', label: 'Anmelden' });
  return items;
}
