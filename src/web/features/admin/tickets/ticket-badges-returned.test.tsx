// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TicketBadges } from './components/ticket-badges';
import { adminTicketRow } from './testing/ticket-fixtures';

// A returned debit in the admin's ticket list, with its fee and due date
// (docs/decisions/054-late-verdicts-and-returned-debits.md)

afterEach(cleanup);

describe('TicketBadges: Zahlung zurückgebucht', () => {
  it('shows the return with the fee and, while open, the due date', () => {
    render(
      <TicketBadges
        ticket={adminTicketRow({
          paymentReturn: {
            returnedAt: '2030-03-01T10:00:00.000Z',
            feeCents: 300,
            open: true,
            dueAt: '2030-03-08T10:00:00.000Z',
          },
        })}
        timeZone="Europe/Berlin"
      />,
    );
    expect(screen.getByText('Zahlung zurückgebucht · Gebühr 3,00 €')).toBeTruthy();
    expect(screen.getByText('Zu zahlen bis 08.03.2030 11:00 Uhr')).toBeTruthy();
  });

  it('shows nothing of it for a ticket whose payment was never returned', () => {
    render(<TicketBadges ticket={adminTicketRow()} timeZone="Europe/Berlin" />);
    expect(screen.queryByText(/zurückgebucht/)).toBeNull();
  });
});
