import { seatBadge, type SeatBadge, type SeatData } from '@shared/event-rules';
import { Badge, type BadgeTone } from '@web/components/ui/badge';

// The seat badge (docs/product/events.md#seat-badge): sold out destructive, at most 10 % left warning,
// otherwise success.
const TONE: Record<SeatBadge['kind'], BadgeTone> = {
  soldout: 'destructive',
  low: 'warning',
  ok: 'success',
  none: 'neutral',
};

export function SeatBadgeView({ event, now }: { event: SeatData; now: Date }) {
  const badge = seatBadge(event, now);
  if (!badge) return null;
  return (
    <Badge tone={TONE[badge.kind]}>
      {badge.kind === 'none' ? (
        <>
          <span aria-hidden>–</span>
          <span className="sr-only">Keine Angabe zu freien Plätzen</span>
        </>
      ) : (
        badge.label
      )}
    </Badge>
  );
}
