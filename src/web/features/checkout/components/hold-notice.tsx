import { Clock } from 'lucide-react';
import { formatTime } from '@web/lib/format';

const MINUTE_MS = 60_000;
/** From here on the notice also counts the minutes down (announced politely, once a minute at most). */
const COUNT_FROM_MINUTES = 5;

/**
 * 'Plätze reserviert bis 14:35 Uhr': a paid booking holds its seats 15 minutes
 * (docs/product/booking-and-seats.md#hold-15-minutes).
 */
export function HoldNotice({ holdExpiresAt, now }: { holdExpiresAt: string; now: Date }) {
  const minutesLeft = Math.max(1, Math.ceil((Date.parse(holdExpiresAt) - now.getTime()) / MINUTE_MS));
  return (
    <p
      aria-live="polite"
      className="flex items-center gap-2 rounded-xl bg-accent px-4 py-3 text-sm font-medium text-accent-foreground"
    >
      <Clock className="h-4 w-4 shrink-0" aria-hidden />
      <span>
        Plätze reserviert bis {formatTime(holdExpiresAt)} Uhr
        {minutesLeft <= COUNT_FROM_MINUTES &&
          ` · noch ${minutesLeft} ${minutesLeft === 1 ? 'Minute' : 'Minuten'}`}
      </span>
    </p>
  );
}

export const holdIsOver = (holdExpiresAt: string | null, now: Date) =>
  holdExpiresAt !== null && Date.parse(holdExpiresAt) <= now.getTime();
