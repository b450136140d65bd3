import { describe, expect, it } from 'vitest';
import {
  cancelButtonLabel,
  defaultRefundShare,
  effectiveRule,
  formatLeadTime,
  LEAD_TIME_QUICK,
  parseLeadTime,
  refundAmountCents,
  type RefundRule,
} from './refund-rules';

describe('cancelButtonLabel (docs/product/tickets-and-refunds.md#cancel-button-label: the refund tier on the button)', () => {
  it.each([
    [1, 'Stornieren (100 % Erstattung)'],
    [0.7, 'Stornieren (ca. 70 % Erstattung)'],
    [0.5, 'Stornieren (ca. 50 % Erstattung)'],
    [0.3, 'Stornieren (ca. 30 % Erstattung)'],
    [0, 'Stornieren (keine Erstattung)'],
    [-0.2, 'Stornieren (keine Erstattung)'],
  ])('share %d', (share, label) => {
    expect(cancelButtonLabel(share)).toBe(label);
  });

  it('a free ticket reads "Stornieren", whatever the tier (docs/product/tickets-and-refunds.md#free-ticket-cancel)', () => {
    for (const share of [1, 0.7, 0]) expect(cancelButtonLabel(share, true)).toBe('Stornieren');
  });
});

describe('parseLeadTime (docs/product/admin.md#lead-time-input: number with optional unit min, m, h, d, w; hours by default)', () => {
  it.each([
    ['60min', 1],
    ['24h', 24],
    ['3d', 72],
    ['1w', 168],
    ['90m', 1],
    ['5', 5],
    ['1.5d', 36],
    ['1,5d', 36],
    ['0', 0],
    [' 2 d ', 48],
    ['2D', 48],
    ['30min', 0],
    ['-1', null],
    ['abc', null],
    ['2x', null],
    ['', null],
    ['d', null],
  ])('%j → %j', (input, hours) => {
    expect(parseLeadTime(input)).toBe(hours);
  });
});

describe('formatLeadTime (docs/product/admin.md#lead-time-input: w, d or h when exact)', () => {
  it.each([
    [168, '1w'],
    [336, '2w'],
    [72, '3d'],
    [24, '1d'],
    [5, '5h'],
    [25, '25h'],
    [0, '0h'],
  ])('%i → %s', (hours, text) => {
    expect(formatLeadTime(hours)).toBe(text);
  });

  it('reads back what it wrote', () => {
    for (const hours of [0, 1, 5, 24, 36, 72, 168, 200, 336]) {
      expect(parseLeadTime(formatLeadTime(hours))).toBe(hours);
    }
  });

  it('has the quick buttons 60min, 1d, 3d, 1w agree with the parser', () => {
    for (const quick of LEAD_TIME_QUICK) expect(parseLeadTime(quick.label)).toBe(quick.hours);
  });
});

describe('defaultRefundShare (docs/product/tickets-and-refunds.md#default-tiers, strictly more than)', () => {
  it.each([
    [15 * 24, 1],
    [14 * 24 + 0.1, 1],
    [14 * 24, 0.7],
    [7 * 24 + 1, 0.7],
    [7 * 24, 0.5],
    [3 * 24 + 1, 0.5],
    [3 * 24, 0],
    [1, 0],
    [-5, 0],
  ])('%d hours left → %d', (hours, share) => {
    expect(defaultRefundShare(hours)).toBe(share);
  });
});

describe('effectiveRule and refundAmountCents (docs/product/tickets-and-refunds.md#policy-first)', () => {
  const rule = (minHoursBeforeEvent: number, refundValue: number, priority = 0): RefundRule => ({
    minHoursBeforeEvent,
    refundType: 'percentage',
    refundValue,
    priority,
  });
  const rules = [rule(24, 0.5), rule(168, 1), rule(168, 0.9, -1), rule(0, 0)];

  it('takes the highest threshold not above the hours left, then the lowest priority number', () => {
    expect(effectiveRule(rules, 200)?.refundValue).toBe(0.9);
    expect(effectiveRule(rules, 100)?.refundValue).toBe(0.5);
    expect(effectiveRule(rules, 3)?.refundValue).toBe(0);
    expect(effectiveRule(rules.slice(0, 3), 3)).toBeNull();
  });

  it('never refunds more than the price or what is left refundable', () => {
    const fixed = { refundType: 'fixed_amount' as const, refundValue: 50 };
    expect(refundAmountCents({ priceCents: 2000, refundableCents: 2000, rule: fixed })).toBe(2000);
    // 0.7 × 10,800 is 7,559.999… in floating point: still 75,60 € (a ticket paid 108 € after a 10 % code)
    const seventy = { refundType: 'percentage' as const, refundValue: 0.7 };
    expect(refundAmountCents({ priceCents: 10_800, refundableCents: 10_800, rule: seventy })).toBe(7_560);
    expect(
      refundAmountCents({ priceCents: 10_800, refundableCents: 10_800, rule: null, fallbackShare: 0.7 }),
    ).toBe(7_560);
    expect(refundAmountCents({ priceCents: 2000, refundableCents: 700, rule: rule(0, 1) })).toBe(700);
    expect(refundAmountCents({ priceCents: 1999, refundableCents: 1999, rule: rule(0, 0.5) })).toBe(999);
    expect(
      refundAmountCents({ priceCents: 1000, refundableCents: 1000, rule: null, fallbackShare: 0.7 }),
    ).toBe(700);
  });
});
