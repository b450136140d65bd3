// Refund share on cancellation (docs/product/tickets-and-refunds.md#how-much-comes-back) and the policy
// editor's lead-time input (docs/product/admin.md#lead-time-input). Pure functions: the server computes the
// real refund with them, the client only labels buttons and previews.

import { FREE_TICKET_TEXTS } from './tickets';

/** Stored values; db/schema's enum and the policy form's choices derive from this list. */
export const REFUND_TYPES = ['percentage', 'fixed_amount'] as const;
export type RefundType = (typeof REFUND_TYPES)[number];

export interface RefundRule {
  minHoursBeforeEvent: number;
  refundType: RefundType;
  /** percentage: a fraction 0..1; fixed_amount: major currency units (EUR). */
  refundValue: number;
  priority: number;
}

/**
 * More than 14 days 100 %, more than 7 days 70 %, more than 3 days 50 %, else nothing
 * (docs/product/tickets-and-refunds.md#default-tiers).
 */
export const DEFAULT_REFUND_TIERS = [
  { moreThanHours: 14 * 24, share: 1 },
  { moreThanHours: 7 * 24, share: 0.7 },
  { moreThanHours: 3 * 24, share: 0.5 },
] as const;

export const HOUR_MS = 3_600_000;

/** Hours from now until the event starts (fractional; negative once it started). */
export const hoursUntil = (startTime: Date | string, now: Date) =>
  (new Date(startTime).getTime() - now.getTime()) / HOUR_MS;

/** The default tiers' share for the hours left before the start (strictly more than the tier's threshold). */
export function defaultRefundShare(hoursLeft: number): number {
  for (const tier of DEFAULT_REFUND_TIERS) if (hoursLeft > tier.moreThanHours) return tier.share;
  return 0;
}

/**
 * The effective rule (docs/product/tickets-and-refunds.md#policy-first) is the first, in order of highest
 * min_hours_before_event (then lowest priority number), whose threshold is not above the hours remaining.
 * null when none applies.
 */
export function effectiveRule<R extends RefundRule>(rules: readonly R[], hoursLeft: number): R | null {
  const ordered = [...rules].sort(
    (a, b) => b.minHoursBeforeEvent - a.minHoursBeforeEvent || a.priority - b.priority,
  );
  return ordered.find((rule) => rule.minHoursBeforeEvent <= hoursLeft) ?? null;
}

/**
 * The share of an amount in whole cents, rounded down, computed in integers: shares have at most six decimals
 * (refund-percent.ts), and 0.7 × 10,800 in floating point is 7,559.999…, which must still be 75,60 €.
 */
const shareOf = (cents: number, share: number) =>
  Math.floor((cents * Math.round(share * 1_000_000)) / 1_000_000);

/**
 * Refund in cents for one ticket: its price × the rule's share, or the rule's fixed amount; never more than
 * the ticket's price nor than is left refundable on the booking's payment. Rounded down to whole cents.
 */
export function refundAmountCents(options: {
  priceCents: number;
  refundableCents: number;
  rule: Pick<RefundRule, 'refundType' | 'refundValue'> | null;
  /** Used when there is no rule: the default tiers' share. */
  fallbackShare?: number;
}): number {
  const { priceCents, refundableCents, rule, fallbackShare = 0 } = options;
  let cents: number;
  if (!rule) cents = shareOf(priceCents, clamp(fallbackShare, 0, 1));
  else if (rule.refundType === 'percentage') cents = shareOf(priceCents, clamp(rule.refundValue, 0, 1));
  else cents = Math.round(Math.max(0, rule.refundValue) * 100);
  return Math.max(0, Math.min(cents, priceCents, refundableCents));
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/**
 * 'Stornieren (100 % Erstattung)' and friends: the label of the cancel button
 * (docs/product/tickets-and-refunds.md#cancel-button-label). A free ticket's reads 'Stornieren': no tier, no
 * refund to speak of (docs/product/tickets-and-refunds.md#free-ticket-cancel).
 */
export function cancelButtonLabel(share: number, free = false): string {
  if (free) return FREE_TICKET_TEXTS.button;
  if (share <= 0) return 'Stornieren (keine Erstattung)';
  const percent = Math.round(share * 100);
  return percent >= 100 ? 'Stornieren (100 % Erstattung)' : `Stornieren (ca. ${percent} % Erstattung)`;
}

const LEAD_TIME_UNITS: Record<string, number> = { min: 1 / 60, m: 1 / 60, h: 1, d: 24, w: 168 };

/**
 * A number with an optional unit min, m, h, d, w (hours by default), non-negative, floored to whole hours
 * (docs/product/admin.md#lead-time-input). Returns null for invalid input (the editor then ignores it).
 */
export function parseLeadTime(input: string): number | null {
  const match = /^\s*(\d+(?:[.,]\d+)?)\s*(min|m|h|d|w)?\s*$/i.exec(input);
  if (!match) return null;
  const value = Number(match[1]!.replace(',', '.'));
  const unit = (match[2] ?? 'h').toLowerCase();
  const hours = Math.floor(value * LEAD_TIME_UNITS[unit]!);
  return Number.isFinite(hours) && hours >= 0 ? hours : null;
}

/** Shown as w, d or h when exact: 168 → '1w', 72 → '3d', 5 → '5h'. */
export function formatLeadTime(hours: number): string {
  if (hours > 0 && hours % 168 === 0) return `${hours / 168}w`;
  if (hours > 0 && hours % 24 === 0) return `${hours / 24}d`;
  return `${hours}h`;
}

/** Quick buttons of the rule editor: 60min, 1d, 3d, 1w. */
export const LEAD_TIME_QUICK = [
  { label: '60min', hours: 1 },
  { label: '1d', hours: 24 },
  { label: '3d', hours: 72 },
  { label: '1w', hours: 168 },
] as const;
