import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminRefundLookup } from '@shared/admin-refunds';
import { normalizeOrderNumber } from '@shared/order-number';
import { apiFetch } from '@web/lib/api-client';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What the field holds in the form the server looks up; null while it cannot be a booking yet. */
export function refundReference(typed: string): string | null {
  const text = typed.trim();
  return normalizeOrderNumber(text) ?? (UUID.test(text) ? text.toLowerCase() : null);
}

/** Every lookup's key starts with this; a refund invalidates them (what is refunded changed). */
export const REFUND_LOOKUP_KEY = ['admin', 'refund-lookup'] as const;

/** GET /api/admin/refunds/lookup: the booking behind an order number or id (docs/decisions/020-order-numbers.md). */
export const refundLookupQuery = (reference: string) =>
  queryOptions({
    queryKey: [...REFUND_LOOKUP_KEY, reference],
    queryFn: () =>
      apiFetch<AdminRefundLookup>(`/api/admin/refunds/lookup?q=${encodeURIComponent(reference)}`),
    // what was refunded changes with every refund: always ask again
    staleTime: 0,
    retry: false,
  });

export const useRefundLookup = (reference: string | null) =>
  useQuery({ ...refundLookupQuery(reference ?? ''), enabled: reference !== null });
