import { Clock } from 'lucide-react';
import type { ReactNode } from 'react';

/**
 * A line above the checkout about a waiting-list offer (docs/product/waiting-list.md#offer-checkout): how
 * long the seat is held, or that the offer is gone.
 */
export function OfferNotice({ tone, children }: { tone: 'reserved' | 'gone'; children: ReactNode }) {
  return (
    <p
      role="status"
      data-testid="offer-notice"
      className={`flex items-start gap-2 rounded-xl border p-4 text-sm ${
        tone === 'reserved'
          ? 'border-primary/40 bg-accent text-accent-foreground'
          : 'border-border bg-muted text-foreground'
      }`}
    >
      {tone === 'reserved' && <Clock className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />}
      <span>{children}</span>
    </p>
  );
}
