import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { isPastEvent, seatBadge } from '@shared/event-rules';
import type { PublicEvent } from '@shared/events';
import { WAITLIST_LABELS, WAITLIST_MESSAGES, type MyWaitlistEntry } from '@shared/waitlist';
import { Button } from '@web/components/ui/button';
import { WaitlistEntryState } from '@web/components/waitlist-entry-state';
import { queryKeys } from '@web/lib/query-keys';
import { useSession } from '@web/lib/session';
import { toast } from '@web/lib/toast';
import { useMyWaitlist } from '@web/lib/waitlist/get-my-waitlist';
import { useLeaveWaitlist } from '@web/lib/waitlist/leave-waitlist';
import { waitlistErrorText } from '@web/lib/waitlist/waitlist-texts';
import { useJoinWaitlist } from '../api/join-waitlist';

/** The user's active entry for an event, if any (one per event: docs/product/waiting-list.md#waitlist-per-event). */
const entryForEvent = (entries: readonly MyWaitlistEntry[] | undefined, eventId: string) =>
  entries?.find((entry) => entry.eventId === eventId);

type WaitlistEvent = Pick<
  PublicEvent,
  'id' | 'slug' | 'startTime' | 'totalSeats' | 'availableSeats' | 'priceUnit' | 'waitlistEnabled'
>;

/**
 * The waiting list on the event page, below 'Ausgebucht' (docs/product/waiting-list.md#join): a sold-out
 * event that has not begun and keeps a list offers 'Auf die Warteliste'. Signed in, that joins at once;
 * guests sign in on the event's sign-in page, which brings them back here, and click again. Once on the
 * list the user sees their place or their offer instead (docs/product/waiting-list.md#offers).
 */
export function EventWaitlist({
  event,
  now,
  className = '',
}: {
  event: WaitlistEvent;
  now: Date;
  className?: string;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { status } = useSession();
  const waitlist = useMyWaitlist();
  const join = useJoinWaitlist();
  const leave = useLeaveWaitlist();
  if (isPastEvent(event, now)) return null;

  const entry = entryForEvent(waitlist.entries, event.id);
  if (entry) {
    const leaveList = (target: MyWaitlistEntry) =>
      void leave.mutateAsync(target.id).then(
        (result) => toast.success(result.message),
        (error: unknown) => toast.error(waitlistErrorText(error)),
      );
    return (
      <section aria-label={WAITLIST_LABELS.section} className={className}>
        <WaitlistEntryState entry={entry} onLeave={leaveList} leaving={leave.isPending} />
      </section>
    );
  }

  if (!event.waitlistEnabled || seatBadge(event, now)?.kind !== 'soldout') return null;
  const joinList = () => {
    if (status !== 'signed-in') {
      toast.info(WAITLIST_MESSAGES.signIn);
      const back = `/event/${event.slug}`;
      void navigate(`/event/${event.slug}/login`, { state: { from: { pathname: back } } });
      return;
    }
    void join.mutateAsync(event.id).then(
      () => toast.success(WAITLIST_MESSAGES.joined),
      (error: unknown) => {
        toast.error(waitlistErrorText(error));
        // e.g. seats came free or the list closed meanwhile: show the event as it is now
        void queryClient.invalidateQueries({ queryKey: queryKeys.events.detail(event.slug) });
        void queryClient.invalidateQueries({ queryKey: queryKeys.waitlist.mine });
      },
    );
  };
  return (
    <Button variant="secondary" onClick={joinList} disabled={join.isPending} className={className}>
      {join.isPending ? 'Bitte warten …' : WAITLIST_LABELS.join}
    </Button>
  );
}
