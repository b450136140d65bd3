import { describe, expect, it } from 'vitest';
import { adminQuestionSchema, categoryMirror } from './admin-categories';

const priced = (priceCents: number, requiresCode = false, earlyBirdPriceCents: number | null = null) => ({
  priceCents,
  requiresCode,
  earlyBirdPriceCents,
  earlyBirdEndsAt: earlyBirdPriceCents === null ? null : '2030-01-01T00:00:00.000Z',
  priceUnit: 'per_person' as const,
});

describe('categoryMirror (docs/product/ticket-categories.md#pricing)', () => {
  it('is the cheapest category without a code, the first of equals, with its early bird', () => {
    expect(categoryMirror([priced(120_00, false, 99_00), priced(80_00, true), priced(120_00)])).toEqual({
      priceCents: 120_00,
      earlyBirdPriceCents: 99_00,
      earlyBirdEndsAt: '2030-01-01T00:00:00.000Z',
      priceUnit: 'per_person',
    });
  });
  it('falls back to the cheapest of all when every category needs a code', () => {
    expect(categoryMirror([priced(50_00, true), priced(30_00, true)]).priceCents).toBe(30_00);
  });
});

describe('adminQuestionSchema', () => {
  it('trims the options, drops blanks and keeps none for kinds without choices', () => {
    const choice = adminQuestionSchema.parse({ label: ' Essen ', kind: 'choice', options: [' a ', '', 'b'] });
    expect(choice).toMatchObject({ label: 'Essen', options: ['a', 'b'], required: false, perTicket: false });
    expect(adminQuestionSchema.parse({ label: 'Name', kind: 'text', options: ['x'] }).options).toEqual([]);
  });
});
