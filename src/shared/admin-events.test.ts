import { describe, expect, it } from 'vitest';
import {
  ADMIN_EVENT_MESSAGES as M,
  adminEventCreateSchema,
  adminEventUpdateSchema,
  eventRuleIssues,
  orderAdminEvents,
} from './admin-events';

const base = {
  title: ' Atem ',
  description: 'Text  \r\n\r\n',
  location: 'Hamburg',
  startTime: '2030-05-01T08:00:00.000Z',
  endTime: '2030-05-01T10:00:00.000Z',
  totalSeats: 10,
  priceCents: 2000,
};

describe('adminEventCreateSchema', () => {
  it('fills the defaults (docs/product/events.md#event-defaults) and normalises texts', () => {
    const parsed = adminEventCreateSchema.parse({ ...base, room: '  ', currency: 'eur' });
    expect(parsed).toMatchObject({
      title: 'Atem',
      description: 'Text',
      status: 'draft',
      mode: 'presence',
      currency: 'EUR',
      priceUnit: 'per_person',
      timezone: 'Europe/Berlin',
      room: null,
      organizerIds: [],
      isFeatured: false,
    });
  });

  it('reports the early-bird rules at their fields', () => {
    const result = adminEventCreateSchema.safeParse({
      ...base,
      earlyBirdPriceCents: 2000,
      earlyBirdEndsAt: '2030-05-02T00:00:00.000Z',
    });
    const issues = result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(issues).toEqual([
      ['earlyBirdPriceCents', M.earlyBirdNotLower],
      ['earlyBirdEndsAt', M.earlyBirdAfterStart],
    ]);
  });
});

describe('adminEventUpdateSchema', () => {
  it('adds no defaults, so a PATCH changes only what it sends', () => {
    expect(adminEventUpdateSchema.parse({ title: 'Neu' })).toEqual({ title: 'Neu' });
  });
});

describe('eventRuleIssues', () => {
  const rules = { ...base, earlyBirdPriceCents: null, earlyBirdEndsAt: null };
  it('accepts a consistent event', () => {
    expect(eventRuleIssues(rules)).toEqual([]);
    expect(
      eventRuleIssues({ ...rules, earlyBirdPriceCents: 1500, earlyBirdEndsAt: rules.startTime }),
    ).toEqual([]);
  });
  it('wants the end after the start and both early-bird fields', () => {
    expect(eventRuleIssues({ ...rules, endTime: rules.startTime })).toEqual([
      { path: 'endTime', message: M.endBeforeStart },
    ]);
    expect(eventRuleIssues({ ...rules, earlyBirdEndsAt: '2030-04-01T00:00:00Z' })).toEqual([
      { path: 'earlyBirdPriceCents', message: M.earlyBirdPair },
    ]);
  });
});

describe('orderAdminEvents (docs/product/events.md#admin-events-list)', () => {
  it('puts upcoming events first, ascending, then past ones, descending', () => {
    const now = new Date('2030-01-10T12:00:00Z');
    const list = ['2030-01-01', '2030-02-01', '2029-12-01', '2030-01-20', '2030-01-10T12:00:00Z'].map(
      (day) => ({ startTime: new Date(day).toISOString(), day }),
    );
    expect(orderAdminEvents(list, now).map((event) => [event.day, event.isPast])).toEqual([
      ['2030-01-20', false],
      ['2030-02-01', false],
      ['2030-01-10T12:00:00Z', true],
      ['2030-01-01', true],
      ['2029-12-01', true],
    ]);
  });
});
