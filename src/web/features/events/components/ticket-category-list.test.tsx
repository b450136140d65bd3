// @vitest-environment node
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { publicEvent } from '@web/testing/fixtures';
import { ticketCategory } from '@web/testing/ticket-category';
import { EventCard } from './event-card';
import { EventFacts } from './event-facts';
import { TicketCategoryList } from './ticket-category-list';

// The public page of an event with several categories (docs/product/ticket-categories.md), rendered as the
// server does: the list 'Tickets' and 'ab …' where a price stands.

const NOW = new Date('2030-03-01T10:00:00.000Z');
const text = (html: string) =>
  html
    .replace(/<!-- -->/g, '')
    .replace(/&amp;/g, '&')
    .replace(/\u00a0/g, ' ');

const single = ticketCategory({
  id: 'c1',
  name: 'Einzelzimmer',
  priceCents: 14000,
  earlyBirdPriceCents: 12000,
  earlyBirdEndsAt: '2030-03-04T10:00:00.000Z',
  description: 'Mit Blick auf den See',
  availableSeats: 3,
  capacity: 3,
});
const double = ticketCategory({
  id: 'c2',
  name: 'Doppelzimmer',
  priceCents: 24000,
  priceUnit: 'per_pair',
  position: 1,
  availableSeats: 0,
});
const later = ticketCategory({
  id: 'c3',
  name: 'Nachzügler',
  priceCents: 16000,
  position: 2,
  saleStartsAt: '2030-04-01T10:00:00.000Z',
});
const over = ticketCategory({
  id: 'c4',
  name: '<img src=x onerror=alert(1)>',
  priceCents: 9000,
  position: 3,
  saleEndsAt: '2030-02-01T10:00:00.000Z',
});
const retreat = publicEvent({
  priceCents: 14000,
  earlyBirdPriceCents: 12000,
  earlyBirdEndsAt: single.earlyBirdEndsAt,
  availableSeats: 10,
  categories: [single, double, later, over],
  startTime: '2030-05-01T10:00:00.000Z',
  endTime: '2030-05-03T10:00:00.000Z',
});

describe('TicketCategoryList (docs/product/ticket-categories.md#sale-window)', () => {
  it('lists each category with price, early bird, unit, seats left and its sale window', () => {
    const html = text(renderToString(<TicketCategoryList event={retreat} now={NOW} />));
    const items = html.split('data-testid="ticket-category"').slice(1);
    expect(items).toHaveLength(4);
    expect(items[0]).toContain('Einzelzimmer');
    expect(items[0]).toContain('Mit Blick auf den See');
    expect(items[0]).toContain('<del>140,00 €</del>');
    expect(items[0]).toContain('120,00 €');
    expect(items[0]).toContain('/ Person');
    expect(items[0]).toContain('Frühbucherpreis noch 3 Tage');
    expect(items[0]).toContain('3 Tickets übrig');
    expect(items[1]).toContain('240,00 €');
    expect(items[1]).toContain('/ Paar');
    expect(items[1]).toContain('Ausgebucht');
    expect(items[2]).toContain('noch nicht buchbar');
    expect(items[3]).toContain('nicht mehr buchbar');
    // the organizer's text is text: escaped, never markup
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it("counts a pair category's tickets in pairs and never above the event's free seats", () => {
    const pairs = ticketCategory({
      id: 'c5',
      name: 'Paar',
      priceUnit: 'per_pair',
      availableSeats: 9,
      position: 1,
    });
    const html = text(
      renderToString(
        <TicketCategoryList
          event={{ ...retreat, availableSeats: 5, categories: [single, pairs] }}
          now={NOW}
        />,
      ),
    );
    expect(html).toContain('2 Tickets übrig'); // 5 seats left in the event: 2 pairs
  });

  it('shows nothing with one category: the page looks as before (docs/product/ticket-categories.md#one-category)', () => {
    const html = renderToString(
      <TicketCategoryList event={{ ...retreat, categories: [single] }} now={NOW} />,
    );
    expect(html).toBe('');
    // the code-only ones are not listed
    const hidden = { ...double, requiresCode: true };
    expect(
      renderToString(<TicketCategoryList event={{ ...retreat, categories: [single, hidden] }} now={NOW} />),
    ).toBe('');
  });
});

describe("'ab …' on cards and the event's facts (docs/product/ticket-categories.md#pricing)", () => {
  const card = (event: typeof retreat) =>
    text(
      renderToString(
        <MemoryRouter>
          <ul>
            <EventCard event={event} now={NOW} eager />
          </ul>
        </MemoryRouter>,
      ),
    );

  it("reads 'ab' and the lowest current price when the categories' prices differ", () => {
    const html = card(retreat);
    expect(html).toContain('data-testid="price-from"');
    expect(html).toMatch(/ab <span[^>]*>90,00 €<\/span>/);
    expect(html).not.toContain('Frühbucher');
    const facts = text(renderToString(<EventFacts event={retreat} now={NOW} />));
    expect(facts).toMatch(/ab <span[^>]*>90,00 €<\/span>/);
    expect(facts).not.toContain('early-bird-countdown');
  });

  it('shows the one price as before when all categories cost the same, or with one category', () => {
    const same = {
      ...retreat,
      categories: [
        { ...double, priceCents: 14000, earlyBirdPriceCents: 12000, earlyBirdEndsAt: single.earlyBirdEndsAt },
        single,
      ],
    };
    for (const event of [same, { ...retreat, categories: [single] }]) {
      const html = card(event);
      expect(html).not.toContain('price-from');
      expect(html).toContain('Frühbucher');
      expect(html).toContain('<del>140,00 €</del>');
    }
  });
});
