import { seatFiguresText, type SeatFigures } from '@shared/seat-figures';

/**
 * An event's seats as a bar: sold, then offered to the waiting list, then held by open checkouts, each its own
 * segment. The bar's value is spoken in the same words as the line below it, the line every back-office screen
 * prints (docs/product/admin.md#seat-figures).
 */
export function SeatProgress({ title, figures }: { title: string; figures: SeatFigures }) {
  const { totalSeats: total, soldSeats: sold, offeredSeats: offered, heldSeats: held } = figures;
  if (total <= 0) return <p className="text-xs text-muted-foreground">Keine Plätze</p>;
  const share = (seats: number) => `${Math.min(100, (seats / total) * 100)}%`;
  const text = seatFiguresText(figures);
  return (
    <div className="flex flex-col gap-1">
      <div
        role="progressbar"
        aria-label={`Verkaufte Plätze: ${title}`}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={Math.min(sold, total)}
        aria-valuetext={text}
        className="flex h-2 w-full overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full bg-primary" style={{ width: share(sold) }} />
        {offered > 0 && <div className="h-full bg-primary/40" style={{ width: share(offered) }} />}
        {held > 0 && <div className="h-full bg-warning" style={{ width: share(held) }} />}
      </div>
      <p className="text-xs text-muted-foreground tabular-nums">{text}</p>
    </div>
  );
}
