import { formatCount } from '@web/lib/format';

/**
 * Sold seats of an event as a bar, with the seats held by open checkouts as a second segment. The bar's
 * value is spoken in the same words as the line below it (not only as a bare percentage).
 */
export function SeatProgress(props: { title: string; sold: number; held: number; total: number }) {
  const { title, sold, held, total } = props;
  if (total <= 0) return <p className="text-xs text-muted-foreground">Keine Plätze</p>;
  const share = (seats: number) => `${Math.min(100, (seats / total) * 100)}%`;
  const text = `${formatCount(sold)} von ${formatCount(total)} Plätzen verkauft${
    held > 0 ? `, ${formatCount(held)} reserviert` : ''
  }`;
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
        {held > 0 && <div className="h-full bg-warning" style={{ width: share(held) }} />}
      </div>
      <p className="text-xs text-muted-foreground tabular-nums">{text}</p>
    </div>
  );
}
