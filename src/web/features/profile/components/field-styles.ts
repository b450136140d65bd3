export const inputClass =
  'h-11 w-full rounded-lg border border-input bg-background px-3 outline-none focus:border-primary focus:ring-2 focus:ring-ring/40 aria-[invalid=true]:border-destructive';

export const cardClass = 'rounded-2xl border border-border bg-card p-6 text-card-foreground';
