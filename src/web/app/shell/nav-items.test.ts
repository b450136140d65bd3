import { describe, expect, it } from 'vitest';
import { navItemsFor } from './nav-items';

const labels = (items: { label: string }[]) => items.map((item) => item.label);
const user = (role: 'attendee' | 'organizer' | 'admin') => ({
  id: '1',
  email: 'a@b.de',
  fullName: 'A B',
  role,
});

describe('navItemsFor (docs/product/site.md#header)', () => {
  it('shows Anmelden but not Meine Tickets to signed-out visitors', () => {
    expect(labels(navItemsFor(null))).toEqual(['Veranstaltungen', 'FAQ', 'Anmelden']);
  });
  it('shows Meine Tickets to attendees and organizers', () => {
    expect(labels(navItemsFor(user('attendee')))).toEqual(['Veranstaltungen', 'Meine Tickets', 'FAQ']);
    expect(labels(navItemsFor(user('organizer')))).toContain('Meine Tickets');
  });
  it('adds Veranstalter for organizers (docs/product/organizer-day.md#organizer-area)', () => {
    expect(navItemsFor(user('organizer'))).toEqual([
      { to: '/', label: 'Veranstaltungen' },
      { to: '/my-tickets', label: 'Meine Tickets' },
      { to: '/help', label: 'FAQ' },
      { to: '/veranstalter', label: 'Veranstalter' },
    ]);
    expect(labels(navItemsFor(user('attendee')))).not.toContain('Veranstalter');
    expect(labels(navItemsFor(user('admin')))).not.toContain('Veranstalter');
  });
  it('adds Administration for admins only', () => {
    expect(labels(navItemsFor(user('admin')))).toEqual([
      'Veranstaltungen',
      'Meine Tickets',
      'FAQ',
      'Administration',
    ]);
  });
});
