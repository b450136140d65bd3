import { CalendarDays, Clock, MapPin, type LucideIcon } from 'lucide-react';
import type { ComponentType, ReactNode } from 'react';
import { eventDateRange, eventTimeRange, type EventSpan } from '@shared/date-range';

/** A page's own term–description pair with its icon (the event page and the checkout lay them out apart). */
export type FactView = ComponentType<{ icon: LucideIcon; term: string; children: ReactNode }>;

/** Datum, Zeit and Ort of an event, in the words and icons the event page and the checkout share. */
export function EventWhenWhere({
  event,
  place,
  Fact,
}: {
  event: EventSpan;
  place: ReactNode;
  Fact: FactView;
}) {
  return (
    <>
      <Fact icon={CalendarDays} term="Datum">
        {eventDateRange(event)}
      </Fact>
      <Fact icon={Clock} term="Zeit">
        {eventTimeRange(event)}
      </Fact>
      <Fact icon={MapPin} term="Ort">
        {place}
      </Fact>
    </>
  );
}
