import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { eventWhen } from '@shared/date-range';
import { WAITLIST_LABELS, type MyWaitlistEntry } from '@shared/waitlist';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { WaitlistEntryState } from '@web/components/waitlist-entry-state';
import { toast } from '@web/lib/toast';
import { useMyWaitlist } from '@web/lib/waitlist/get-my-waitlist';
import { useLeaveWaitlist } from '@web/lib/waitlist/leave-waitlist';
import { entryStateText, waitlistErrorText } from '@web/lib/waitlist/waitlist-texts';

const HEADING_ID = 'waitlist-heading';

/**
 * 'Warteliste' in Meine Tickets (docs/product/waiting-list.md#offers): the user's active entries, each with
 * its event, date, place or offer and the buttons of the event page; leaving and giving a seat back are
 * asked first, like cancelling a ticket. Nothing shows without entries.
 */
export function WaitlistSection() {
  const { entries } = useMyWaitlist();
  const [confirming, setConfirming] = useState<MyWaitlistEntry | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const leave = useLeaveWaitlist();
  if (!entries || entries.length === 0) return null;

  const confirmLeave = () => {
    if (!confirming) return;
    return leave
      .mutateAsync(confirming.id)
      .then((result) => toast.success(result.message))
      .catch((error: unknown) => toast.error(waitlistErrorText(error)))
      .finally(() => setConfirming(null));
  };
  const offered = confirming?.status === 'offered';

  return (
    <section aria-labelledby={HEADING_ID} className="flex flex-col gap-3">
      <h2 id={HEADING_ID} ref={heading} tabIndex={-1} className="text-lg font-semibold focus:outline-none">
        {WAITLIST_LABELS.section}
      </h2>
      <ul className="flex flex-col gap-3">
        {entries.map((entry) => (
          <li
            key={entry.id}
            aria-label={entry.eventTitle}
            className="flex flex-col gap-3 rounded-2xl border border-border bg-card p-4 text-card-foreground sm:p-5"
          >
            <div className="min-w-0">
              <h3 className="font-semibold leading-snug">
                <Link
                  to={`/event/${encodeURIComponent(entry.eventSlug)}`}
                  className="break-words hover:underline"
                >
                  {entry.eventTitle}
                </Link>
              </h3>
              <p className="text-sm text-muted-foreground">{eventWhen(entry)}</p>
            </div>
            <WaitlistEntryState
              entry={entry}
              size="sm"
              onLeave={setConfirming}
              leaving={leave.isPending && leave.variables === entry.id}
            />
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={confirming !== null}
        title={offered ? 'Platz freigeben?' : 'Warteliste verlassen?'}
        description={
          confirming && (
            <>
              <p>
                {confirming.eventTitle}: {entryStateText(confirming)}
              </p>
              <p>
                {offered
                  ? 'Der Platz geht dann an die nächste Person auf der Warteliste.'
                  : 'Dein Platz auf der Warteliste geht verloren; trägst du dich wieder ein, stehst du hinten.'}
              </p>
            </>
          )
        }
        confirmLabel={offered ? WAITLIST_LABELS.decline : WAITLIST_LABELS.leave}
        busy={leave.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={confirmLeave}
        returnFocus={() => heading.current}
      />
    </section>
  );
}
