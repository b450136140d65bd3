import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  defaultRefundShare,
  effectiveRule,
  hoursUntil,
  refundAmountCents,
  type RefundRule,
} from '@shared/refund-rules';
import type { DbOrTx } from '../../db/types';
import { cancellationPolicies, cancellationPolicyRules, payments, refunds } from '../../db/schema';

/**
 * The active rules of each given policy (docs/product/tickets-and-refunds.md#policy-first). A policy without
 * active rules acts as a single rule made of its own type, value and lead time. Inactive policies have no
 * rules: the default tiers apply.
 */
export async function loadPolicyRules(db: DbOrTx, policyIds: string[]): Promise<Map<string, RefundRule[]>> {
  const ids = [...new Set(policyIds)];
  const result = new Map<string, RefundRule[]>();
  if (ids.length === 0) return result;
  const policies = await db
    .select()
    .from(cancellationPolicies)
    .where(and(inArray(cancellationPolicies.id, ids), eq(cancellationPolicies.isActive, true)));
  const rules = await db
    .select()
    .from(cancellationPolicyRules)
    .where(and(inArray(cancellationPolicyRules.policyId, ids), eq(cancellationPolicyRules.isActive, true)));
  for (const policy of policies) {
    const own = rules.filter((r) => r.policyId === policy.id);
    result.set(
      policy.id,
      own.length > 0
        ? own
        : [
            {
              minHoursBeforeEvent: policy.minHoursBeforeEvent,
              refundType: policy.cancellationType,
              refundValue: policy.value,
              priority: 1,
            },
          ],
    );
  }
  return result;
}

/** What is still refundable per booking: its succeeded payment minus refunds owed or made. */
export async function refundableByBooking(
  db: DbOrTx,
  bookingIds: string[],
): Promise<Map<string, { paymentId: string; paidCents: number; refundableCents: number }>> {
  const ids = [...new Set(bookingIds)];
  const result = new Map<string, { paymentId: string; paidCents: number; refundableCents: number }>();
  if (ids.length === 0) return result;
  const rows = await db
    .select({
      bookingId: payments.bookingId,
      paymentId: payments.id,
      amountCents: payments.amountCents,
      refunded: sql<number>`coalesce(sum(${refunds.amountCents}), 0)::int`,
    })
    .from(payments)
    // A join, not a correlated subquery in the selection: drizzle writes a single-table selection's
    // columns unqualified, so a subquery's payment_id = id compared refunds.id with itself.
    .leftJoin(
      refunds,
      and(eq(refunds.paymentId, payments.id), inArray(refunds.status, ['pending', 'succeeded'])),
    )
    // a returned debit's money is gone already: nothing of it to refund
    // (docs/decisions/054-late-verdicts-and-returned-debits.md)
    .where(
      and(inArray(payments.bookingId, ids), eq(payments.status, 'succeeded'), isNull(payments.returnedAt)),
    )
    .groupBy(payments.id)
    .orderBy(desc(payments.createdAt));
  for (const row of rows) {
    if (result.has(row.bookingId)) continue; // the newest succeeded payment; others were refunded in full
    result.set(row.bookingId, {
      paymentId: row.paymentId,
      paidCents: row.amountCents,
      refundableCents: Math.max(0, row.amountCents - Number(row.refunded)),
    });
  }
  return result;
}

/**
 * The share and cents a self-service cancel would refund now
 * (docs/product/tickets-and-refunds.md#how-much-comes-back). When earlier refunds on the booking (an admin
 * refund) leave less than the tier's amount, the share is what is really paid back of the price, so the
 * button's 'ca. N %' and the dialog's euros agree (docs/decisions/023-refund-percentages.md).
 */
export function selfServiceRefund(options: {
  startTime: Date;
  priceCents: number;
  refundableCents: number;
  rules: RefundRule[] | undefined;
  now: Date;
}): { share: number; tierShare: number; refundCents: number; rule: RefundRule | null; capped: boolean } {
  const terms = tierRefund(options);
  // a free ticket has nothing to give back: no share to show, whatever the tier
  // (docs/product/tickets-and-refunds.md#free-ticket-cancel)
  if (options.priceCents <= 0) return { ...terms, share: 0, tierShare: terms.share, capped: false };
  const uncapped = tierRefund({ ...options, refundableCents: options.priceCents }).refundCents;
  const tierShare = terms.share;
  return terms.refundCents < uncapped && options.priceCents > 0
    ? { ...terms, share: terms.refundCents / options.priceCents, tierShare, capped: true }
    : { ...terms, tierShare, capped: false };
}

function tierRefund(options: {
  startTime: Date;
  priceCents: number;
  refundableCents: number;
  rules: RefundRule[] | undefined;
  now: Date;
}): { share: number; refundCents: number; rule: RefundRule | null } {
  const hoursLeft = hoursUntil(options.startTime, options.now);
  if (options.rules) {
    const rule = effectiveRule(options.rules, hoursLeft);
    const refundCents = refundAmountCents({
      priceCents: options.priceCents,
      refundableCents: options.refundableCents,
      rule,
    });
    // A fixed amount as a share of the price; of a free ticket's price it is all or nothing (the admin's
    // preview names the tier; the buyer sees none: docs/product/tickets-and-refunds.md#free-ticket-cancel).
    const share = !rule
      ? 0
      : rule.refundType === 'percentage'
        ? rule.refundValue
        : options.priceCents > 0
          ? refundCents / options.priceCents
          : Number(rule.refundValue > 0);
    return { share, refundCents, rule };
  }
  const share = defaultRefundShare(hoursLeft);
  return {
    share,
    refundCents: refundAmountCents({
      priceCents: options.priceCents,
      refundableCents: options.refundableCents,
      rule: null,
      fallbackShare: share,
    }),
    rule: null,
  };
}
