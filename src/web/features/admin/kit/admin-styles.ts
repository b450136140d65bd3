// Card, label and checkbox classes of the admin screens; text inputs and selects are components/ui/input.tsx.
export const cardClass = 'rounded-2xl border border-border bg-card p-6 text-card-foreground';

export const labelClass = 'text-sm font-medium';

export const checkboxClass = 'h-4 w-4 rounded border-input accent-primary';
