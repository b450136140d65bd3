import type { SessionUser } from '@web/lib/session';

export interface NavItem {
  to: string;
  label: string;
}

/** spec visitor §2 'Header and navigation': which links a visitor sees. */
export function navItemsFor(user: Pick<SessionUser, 'role'> | null): NavItem[] {
  const items: NavItem[] = [{ to: '/', label: 'Veranstaltungen' }];
  if (user) items.push({ to: '/my-tickets', label: 'Meine Tickets' });
  items.push({ to: '/help', label: 'FAQ' });
  if (user?.role === 'admin') items.push({ to: '/admin', label: 'Administration' });
  if (!user) items.push({ to: '/login', label: 'Anmelden' });
  return items;
}
