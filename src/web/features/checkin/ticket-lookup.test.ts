// Finding a ticket at the door on the device (docs/product/organizer-day.md#check-in,
// docs/product/organizer-day.md#offline-check-in).
import { describe, expect, it } from 'vitest';
import { ticketBarcodeContent } from '@shared/tickets';
import type { DoorTicket } from './check-in-queue';
import { createRepeatFilter } from './scanner';
import { checkInLocally, findByScan, looksLikeScan, searchTickets } from './ticket-lookup';

const ticket = (
  ticketId: string,
  ticketNumber: string,
  holderName: string,
  state: DoorTicket['state'] = 'active',
) => ({
  ticketId,
  ticketNumber,
  code: ticketNumber.slice(-4),
  holderName,
  seats: 1,
  state,
  checkedInAt: state === 'checked-in' ? '2026-11-27T17:42:00.000Z' : null,
  checkedInBy: state === 'checked-in' ? 'Ada' : null,
});

const anna = ticket('3f2a9c1e-0000-4000-8000-000000000001', 'WR-2026-004711', 'Anna Müller');
const ben = ticket('a1b2c3d4-0000-4000-8000-000000000002', 'WR-2026-000815', 'Ben Özdemir', 'checked-in');
const cleo = ticket('0badcafe-0000-4000-8000-000000000003', 'WR-2026-000816', 'Cléo Anders', 'cancelled');
// same 4-digit code as Anna's, another ticket
const dora = ticket('deadbeef-0000-4000-8000-000000000004', 'WR-2026-014711', 'Dora Annen');
const tickets = [anna, ben, cleo, dora];

describe('findByScan', () => {
  it('finds the ticket of a barcode (code + start of the id), whatever the case', () => {
    expect(findByScan(tickets, ticketBarcodeContent(anna.ticketId, anna.ticketNumber))).toBe(anna);
    expect(
      findByScan(tickets, `  ${ticketBarcodeContent(dora.ticketId, dora.ticketNumber).toLowerCase()}\n`),
    ).toBe(dora);
  });

  it('finds by a 4-digit code only when it is unique', () => {
    expect(findByScan(tickets, '0815')).toBe(ben);
    expect(findByScan(tickets, '4711')).toBeNull();
  });

  it('does not find what is not on the list or not a code', () => {
    expect(findByScan(tickets, '4711ffffffff')).toBeNull();
    expect(findByScan(tickets, 'Anna')).toBeNull();
    expect(looksLikeScan('Anna')).toBe(false);
    expect(looksLikeScan('4711')).toBe(true);
  });
});

describe('searchTickets', () => {
  it('searches names without accents and case, every word, active first', () => {
    expect(searchTickets(tickets, 'an').map((t) => t.holderName)).toEqual([
      'Anna Müller',
      'Dora Annen',
      'Cléo Anders',
    ]);
    expect(searchTickets(tickets, 'muller')).toEqual([anna]);
    expect(searchTickets(tickets, 'cleo and')).toEqual([cleo]);
    expect(searchTickets(tickets, '  ')).toEqual([]);
  });

  it('searches the start of the code', () => {
    expect(searchTickets(tickets, '081').map((t) => t.code)).toEqual(['0815', '0816']);
  });
});

describe('checkInLocally', () => {
  const at = '2026-11-27T18:00:00.000Z';
  it('checks an active ticket in', () => {
    const { outcome, changed } = checkInLocally(anna, at);
    expect(outcome.result).toBe('checked-in');
    expect(changed).toMatchObject({ state: 'checked-in', checkedInAt: at, checkedInBy: null });
  });

  it('answers already, cancelled and unknown without a change', () => {
    expect(checkInLocally(ben, at)).toEqual({
      outcome: { result: 'already', participant: ben },
      changed: null,
    });
    expect(checkInLocally(cleo, at).outcome.result).toBe('cancelled');
    expect(checkInLocally(null, at)).toEqual({ outcome: { result: 'unknown' }, changed: null });
  });
});

describe('the camera’s repeat filter', () => {
  it('ignores the same code for 2 s, not another code', () => {
    const fresh = createRepeatFilter();
    expect(fresh('A', 0)).toBe(true);
    expect(fresh('A', 1_999)).toBe(false);
    expect(fresh('B', 2_000)).toBe(true);
    expect(fresh('A', 2_100)).toBe(true);
  });
});
