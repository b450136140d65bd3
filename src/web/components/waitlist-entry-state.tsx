import { Link } from 'react-router';
import { offerCheckoutPath, WAITLIST_LABELS, type MyWaitlistEntry } from '@shared/waitlist';
import { Button, buttonClasses } from '@web/components/ui/button';
import { entryStateText } from '@web/lib/waitlist/waitlist-texts';

/**
 * One of the user's waiting-list entries: its state in words and what can be done
 * (docs/product/waiting-list.md#offers): while waiting 'Warteliste verlassen'; with an offer 'Platz jetzt
 * buchen' (the offer's checkout, docs/product/waiting-list.md#offer-checkout) and 'Platz freigeben'
 * (docs/product/waiting-list.md#decline). The caller runs the leaving, with or without asking first: the
 * event page does not load a dialog for it.
 */
export function WaitlistEntryState({
  entry,
  onLeave,
  leaving = false,
  size = 'md',
}: {
  entry: MyWaitlistEntry;
  onLeave: (entry: MyWaitlistEntry) => void;
  leaving?: boolean;
  size?: 'sm' | 'md';
}) {
  const offered = entry.status === 'offered';
  return (
    <div className="flex flex-col gap-3" data-testid="waitlist-entry" data-status={entry.status}>
      <p className={offered ? 'font-medium text-foreground' : 'text-sm text-muted-foreground'}>
        {entryStateText(entry)}
      </p>
      <div className="flex flex-wrap gap-2">
        {offered && (
          <Link to={offerCheckoutPath(entry.eventId, entry.id)} className={buttonClasses('primary', size)}>
            {WAITLIST_LABELS.book}
          </Link>
        )}
        <Button variant="secondary" size={size} disabled={leaving} onClick={() => onLeave(entry)}>
          {leaving ? 'Bitte warten …' : offered ? WAITLIST_LABELS.decline : WAITLIST_LABELS.leave}
        </Button>
      </div>
    </div>
  );
}
