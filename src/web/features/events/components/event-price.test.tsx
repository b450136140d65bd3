import { describe, expect, it } from 'vitest';
import { priceFrom } from '@shared/ticket-categories';
import { ticketCategory } from '@web/testing/ticket-category';
import { lowestPrice } from './event-price';

// The cards' 'ab …' repeats the shared rule priceFrom (docs/product/ticket-categories.md#pricing) to keep the
// home page's download small: both must answer alike.
const NOW = new Date('2030-03-01T10:00:00.000Z');
const early = { earlyBirdPriceCents: 9000, earlyBirdEndsAt: '2030-03-02T10:00:00.000Z' };
const over = { earlyBirdPriceCents: 5000, earlyBirdEndsAt: '2030-02-01T10:00:00.000Z' };

describe('lowestPrice and priceFrom', () => {
  it.each([
    ['one', [ticketCategory({ priceCents: 12000 })]],
    ['same', [ticketCategory({ priceCents: 12000 }), ticketCategory({ id: 'b', priceCents: 12000 })]],
    ['differ', [ticketCategory({ priceCents: 12000 }), ticketCategory({ id: 'b', priceCents: 20000 })]],
    [
      'early bird',
      [ticketCategory({ priceCents: 12000, ...early }), ticketCategory({ id: 'b', priceCents: 9000 })],
    ],
    [
      'early bird over',
      [ticketCategory({ priceCents: 12000, ...over }), ticketCategory({ id: 'b', priceCents: 12000 })],
    ],
    [
      'code only left out',
      [ticketCategory({ priceCents: 12000 }), ticketCategory({ id: 'b', priceCents: 0, requiresCode: true })],
    ],
    ['none visible', [ticketCategory({ requiresCode: true })]],
    ['none', []],
  ])('%s', (_name, categories) => {
    expect(lowestPrice(categories, NOW)).toEqual(priceFrom(categories, NOW));
  });
  it('reads the differing case', () => {
    const categories = [
      ticketCategory({ priceCents: 12000 }),
      ticketCategory({ id: 'b', priceCents: 20000 }),
    ];
    expect(lowestPrice(categories, NOW)).toEqual({ cents: 12000, varies: true });
  });
});
