import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MyWaitlist, MyWaitlistEntry } from '@shared/waitlist';
import type { JoinWaitlistInput } from '@shared/waitlist-schemas';
import { apiFetch } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/** POST /api/waitlist → 201 MyWaitlistEntry (docs/product/waiting-list.md#join). */
export const joinWaitlist = (eventId: string) =>
  apiFetch<MyWaitlistEntry>('/api/waitlist', {
    method: 'POST',
    body: JSON.stringify({ eventId } satisfies JoinWaitlistInput),
  });

/** Joins and reads the user's entries again (the new entry shows with its place at once). */
export function useJoinWaitlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: joinWaitlist,
    onSuccess: (entry) => {
      queryClient.setQueriesData<MyWaitlist>({ queryKey: queryKeys.waitlist.mine }, (list) => ({
        entries: [...(list?.entries ?? []).filter((other) => other.id !== entry.id), entry],
      }));
      return queryClient.invalidateQueries({ queryKey: queryKeys.waitlist.mine });
    },
  });
}
