export const cardClass = 'rounded-2xl border border-border bg-card p-6 text-card-foreground';
