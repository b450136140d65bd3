// Form and card classes of the admin screens (users, settings), matching the profile forms.
export const inputClass =
  'h-10 w-full rounded-lg border border-input bg-background px-3 text-sm outline-none focus:border-primary focus:ring-2 focus:ring-ring/40 aria-[invalid=true]:border-destructive disabled:opacity-60';

export const selectClass = `${inputClass} pr-8`;

export const cardClass = 'rounded-2xl border border-border bg-card p-6 text-card-foreground';

export const labelClass = 'text-sm font-medium';

export const checkboxClass = 'h-4 w-4 rounded border-input accent-primary';
