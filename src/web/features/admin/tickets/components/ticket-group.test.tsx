// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminTicketGroup } from '@shared/admin-tickets';
import { TicketGroup } from './ticket-group';
import { adminTicketRow } from '../testing/ticket-fixtures';

const ticket = adminTicketRow;
const GROUP: AdminTicketGroup = {
  event: {
    id: 'e1',
    title: 'Achtsamkeit im Alltag',
    startTime: '2030-05-01T08:00:00.000Z',
    timezone: 'Europe/Berlin',
  },
  count: 2,
  tickets: [
    ticket(),
    ticket({
      id: 'bbbbbbbb-2222-4000-8000-000000000002',
      orderNumber: 'WR-ABCD23',
      code: '0002',
      status: 'canceled',
      holderName: 'Hans Hahn',
      buyerEmail: 'hans@example.org',
      refundedCents: 2450,
      categoryName: 'Doppelzimmer',
    }),
  ],
};

/** A screen of `width` px: matchMedia answers the min-width queries as a browser would. */
function screenWidth(width: number) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: Number(/min-width:\s*([\d.]+)rem/.exec(query)?.[1] ?? 0) * 16 <= width,
      media: query,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    })),
  );
}

function renderGroup(group = GROUP) {
  const actions = {
    onPdf: vi.fn(),
    onRerender: vi.fn(),
    onCancel: vi.fn(),
    onDelete: vi.fn(),
    onTransfer: vi.fn(),
  };
  const onToggle = vi.fn();
  const onToggleAll = vi.fn();
  render(
    <MemoryRouter>
      <TicketGroup
        group={group}
        selected={new Set([GROUP.tickets[1]!.id])}
        busyIds={new Set()}
        onToggle={onToggle}
        onToggleAll={onToggleAll}
        actions={actions}
      />
    </MemoryRouter>,
  );
  return { actions, onToggle, onToggleAll };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('TicketGroup on a phone', () => {
  it('shows a card per ticket with every column that matters, and no table', () => {
    screenWidth(390);
    const { actions, onToggle, onToggleAll } = renderGroup();
    expect(screen.queryByRole('table')).toBeNull();
    const list = screen.getByRole('list', { name: 'Tickets für Achtsamkeit im Alltag' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(2);

    const first = within(list).getByRole('listitem', { name: 'Ticket 0001 (Greta Gans)' });
    for (const text of ['0001', 'WR-7K3Q9F', 'Greta Gans', 'greta@example.org', 'Aktiv', 'aaaaaaaa'])
      expect(within(first).getByText(text)).toBeTruthy();
    expect(within(first).getByText('Achtsamkeit im Alltag')).toBeTruthy(); // the event
    expect(within(first).getByText(/49,00\s€/)).toBeTruthy(); // the price
    expect(within(first).getByText('Gebucht am').nextElementSibling?.textContent).toMatch(/14\.03\.2030/);

    const second = within(list).getByRole('listitem', { name: 'Ticket 0002 (Hans Hahn)' });
    expect(within(second).getByText('Storniert')).toBeTruthy();
    // the category (docs/product/ticket-categories.md#invoice-lines)
    expect(within(second).getByText('Ticketart').nextElementSibling?.textContent).toBe('Doppelzimmer');
    expect(within(second).getByText(/Erstattet: 24,50\s€/)).toBeTruthy();
    expect(
      (
        within(second).getByRole('checkbox', {
          name: 'Ticket 0002 (Hans Hahn) auswählen',
        }) as HTMLInputElement
      ).checked,
    ).toBe(true);
    expect((within(second).getByRole('button', { name: /stornieren$/ }) as HTMLButtonElement).disabled).toBe(
      true,
    );

    // the actions and the selection work as in the table
    fireEvent.click(
      within(first).getByRole('button', { name: 'PDF von Ticket 0001 (Greta Gans) herunterladen' }),
    );
    expect(actions.onPdf).toHaveBeenCalledWith(GROUP.tickets[0]);
    fireEvent.click(within(first).getByRole('button', { name: 'Ticket 0001 (Greta Gans) stornieren' }));
    expect(actions.onCancel).toHaveBeenCalledWith(GROUP.tickets[0]);
    expect(
      within(first)
        .getByRole('link', { name: /Benutzer von Ticket 0001/ })
        .getAttribute('href'),
    ).toBe('/admin/users?user=u1');
    fireEvent.click(within(first).getByRole('checkbox', { name: /auswählen/ }));
    expect(onToggle).toHaveBeenCalledWith(GROUP.tickets[0]!.id);
    fireEvent.click(
      screen.getByRole('checkbox', {
        name: 'Alle Tickets von „Achtsamkeit im Alltag“ auf dieser Seite auswählen',
      }),
    );
    expect(onToggleAll).toHaveBeenCalledWith(
      GROUP.tickets.map((t) => t.id),
      true,
    );
  });

  it('keeps the table on wider screens, with no cards', () => {
    screenWidth(1280);
    renderGroup();
    expect(screen.getByRole('table', { name: 'Tickets für Achtsamkeit im Alltag' })).toBeTruthy();
    expect(screen.getAllByRole('row')).toHaveLength(3);
    expect(screen.queryByRole('list')).toBeNull();
    // 'Ticketart' is its own column, right of the name
    const headers = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    const column = headers.indexOf('Ticketart');
    expect(headers[column - 1]).toBe('Name');
    const cells = screen
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[column]!.textContent);
    expect(cells).toEqual(['Ticket', 'Doppelzimmer']);
  });
});

describe('ticket row actions', () => {
  it('carry words or a tooltip, and delete sits in the … menu away from cancel', async () => {
    screenWidth(1280);
    const { actions } = renderGroup();
    const row = screen.getByText('aaaaaaaa').closest('tr')!;
    const pdf = within(row).getByRole('button', { name: /^PDF von Ticket 0001/ });
    const cancel = within(row).getByRole('button', { name: 'Ticket 0001 (Greta Gans) stornieren' });
    expect(pdf.textContent).toBe('PDF');
    expect(cancel.textContent).toBe('Stornieren');
    // every control without words has a name and a tooltip
    for (const control of [...within(row).getAllByRole('button'), ...within(row).getAllByRole('link')]) {
      expect(control.getAttribute('aria-label')).toBeTruthy();
      if (!control.textContent?.trim()) expect(control.getAttribute('title')).toBeTruthy();
    }
    // no delete button in the row, next to 'Stornieren' or anywhere
    expect(within(row).queryByRole('button', { name: /löschen/i })).toBeNull();

    const more = within(row).getByRole('button', { name: 'Weitere Aktionen für Ticket 0001 (Greta Gans)' });
    fireEvent.keyDown(more, { key: 'Enter' });
    const menu = await screen.findByRole('menu');
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent?.trim())).toEqual([
      'Übertragen',
      'Vorschau neu rendern',
      'Löschen',
    ]);
    expect(within(menu).getByRole('separator')).toBeTruthy(); // between re-render and delete
    fireEvent.click(items[2]!);
    expect(actions.onDelete).toHaveBeenCalledWith(GROUP.tickets[0]);
    expect(actions.onCancel).not.toHaveBeenCalled();
  });
});

describe('transferred and checked-in tickets', () => {
  // a substitute holds the first ticket, the second came in at the door; the event is in New York
  const transferred = ticket({
    id: 'cccccccc-3333-4000-8000-000000000003',
    code: '0003',
    holderName: 'Susi Sonne',
    holderEmail: 'susi@example.org',
    transferredAt: '2030-04-20T09:00:00.000Z',
  });
  const checkedIn = ticket({
    id: 'dddddddd-4444-4000-8000-000000000004',
    code: '0004',
    past: true,
    checkedInAt: '2030-05-01T12:05:00.000Z',
  });
  const group: AdminTicketGroup = {
    event: { ...GROUP.event, timezone: 'America/New_York' },
    count: 3,
    tickets: [transferred, checkedIn, ticket()],
  };

  it('shows the substitute and the check-in time in the table, in the event’s time zone', () => {
    screenWidth(1280);
    renderGroup(group);
    const rowOf = (shortId: string) => screen.getByText(shortId).closest('tr')!;
    const moved = within(rowOf('cccccccc')).getByText('Übertragen an Susi Sonne');
    expect(moved.closest('[title]')?.getAttribute('title')).toBe('Susi Sonne <susi@example.org>');
    expect(within(rowOf('cccccccc')).getByText('susi@example.org')).toBeTruthy();
    expect(within(rowOf('cccccccc')).queryByText(/^Eingecheckt/)).toBeNull();
    // 12:05 UTC is 08:05 in New York (EDT)
    expect(within(rowOf('dddddddd')).getByText('Eingecheckt 01.05., 08:05 Uhr')).toBeTruthy();
    expect(within(rowOf('dddddddd')).queryByText(/^Übertragen an/)).toBeNull();
    // a ticket neither transferred nor checked in shows neither line
    const plain = rowOf('aaaaaaaa');
    expect(within(plain).queryByText(/^Übertragen an/)).toBeNull();
    expect(within(plain).queryByText(/^Eingecheckt/)).toBeNull();
    expect(screen.getAllByRole('row')).toHaveLength(4);
  });

  it('shows the same on the phone cards', () => {
    screenWidth(390);
    renderGroup(group);
    const list = screen.getByRole('list', { name: 'Tickets für Achtsamkeit im Alltag' });
    const moved = within(list).getByRole('listitem', { name: 'Ticket 0003 (Susi Sonne)' });
    expect(within(moved).getByText('Übertragen an Susi Sonne')).toBeTruthy();
    expect(within(moved).getByText('susi@example.org')).toBeTruthy();
    const came = within(list).getByRole('listitem', { name: 'Ticket 0004 (Greta Gans)' });
    expect(within(came).getByText('Eingecheckt 01.05., 08:05 Uhr')).toBeTruthy();
    expect(within(came).getByText('Vergangen')).toBeTruthy();
  });
});

describe('payment method (docs/product/payments.md#method-names)', () => {
  const group: AdminTicketGroup = {
    ...GROUP,
    tickets: [ticket({ paymentMethod: 'PayPal' }), { ...GROUP.tickets[1]!, paymentMethod: null }],
  };

  it('shows what the booking was paid with beside the price, in the table and on a card', () => {
    screenWidth(1280);
    renderGroup(group);
    const paid = screen.getByText('aaaaaaaa').closest('tr')!;
    expect(within(paid).getByText(/49,00\s€/).textContent).toMatch(/49,00\s€ · PayPal/);
    const free = screen.getByText('bbbbbbbb').closest('tr')!;
    expect(within(free).queryByText(/·/)).toBeNull();
    cleanup();

    screenWidth(390);
    renderGroup(group);
    const card = screen.getByRole('listitem', { name: 'Ticket 0001 (Greta Gans)' });
    expect(within(card).getByText('Zahlungsart').nextElementSibling?.textContent).toBe('PayPal');
    const other = screen.getByRole('listitem', { name: 'Ticket 0002 (Hans Hahn)' });
    expect(within(other).queryByText('Zahlungsart')).toBeNull();
  });
});
