import { EVENT_STATUS_LABELS } from '@shared/admin-events';
import type { EventStatus } from '@shared/events';
import { Badge, type BadgeTone } from '@web/components/ui/badge';

const TONES: Record<EventStatus, BadgeTone> = {
  draft: 'neutral',
  published: 'success',
  cancelled: 'destructive',
  completed: 'primary',
};

/** Entwurf, Veröffentlicht, Abgesagt, Abgeschlossen (docs/product/events.md#admin-events-list). */
export function EventStatusBadge({ status }: { status: EventStatus }) {
  return <Badge tone={TONES[status]}>{EVENT_STATUS_LABELS[status]}</Badge>;
}
