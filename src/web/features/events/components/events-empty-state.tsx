import { CalendarX2 } from 'lucide-react';
import type { ReactNode } from 'react';

/** 'Keine veröffentlichten Events.' with a newsletter sign-up below (docs/product/events.md#home-views). */
export function EventsEmptyState({ newsletterSlot }: { newsletterSlot: ReactNode }) {
  return (
    <div className="flex flex-col items-center rounded-xl border border-dashed border-border bg-card px-6 py-12 text-center">
      <CalendarX2 className="h-10 w-10 text-muted-foreground" aria-hidden />
      <p className="mt-4 text-lg font-semibold">Keine veröffentlichten Events.</p>
      <div className="mt-6 w-full max-w-md">{newsletterSlot}</div>
    </div>
  );
}
