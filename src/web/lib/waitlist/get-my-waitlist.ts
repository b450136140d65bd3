import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyWaitlist, MyWaitlistEntry } from '@shared/waitlist';
import { apiFetch } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';
import { useSession } from '@web/lib/session';

/** GET /api/waitlist: the signed-in user's active entries (docs/product/waiting-list.md#join). */
export const getMyWaitlist = (signal?: AbortSignal) => apiFetch<MyWaitlist>('/api/waitlist', { signal });

/** Keyed by the user (lib/query-keys.ts); read again on every visit, an offer may have come meanwhile. */
export const myWaitlistQuery = (userId: string) =>
  queryOptions({
    queryKey: queryKeys.waitlist.mineOf(userId),
    queryFn: ({ signal }) => getMyWaitlist(signal),
    staleTime: 0,
    refetchOnWindowFocus: true,
  });

export type MyWaitlistState =
  /** No session yet (also while the server renders), or the list is still loading. */
  | { status: 'loading'; entries: undefined }
  | { status: 'signed-out'; entries: undefined }
  /** The list could not be read: shown as no entries. */
  | { status: 'ready'; entries: MyWaitlistEntry[] };

/**
 * The signed-in user's entries; guests have none and nothing is fetched for them. Renders 'loading' on the
 * server and in the first render after hydration alike: the list is never part of the server's cache.
 * `enabled: false` reads nothing (a page that needs the list only sometimes).
 */
export function useMyWaitlist({ enabled = true }: { enabled?: boolean } = {}): MyWaitlistState {
  const { status, user } = useSession();
  const query = useQuery({ ...myWaitlistQuery(user?.id ?? ''), enabled: enabled && Boolean(user) });
  if (status === 'signed-out') return { status: 'signed-out', entries: undefined };
  if (status === 'loading' || !user || query.isPending) return { status: 'loading', entries: undefined };
  return { status: 'ready', entries: query.data?.entries ?? [] };
}
