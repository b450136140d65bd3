import { useId } from 'react';

export const sectionClass = 'rounded-2xl border border-border bg-card p-5 text-card-foreground sm:p-6';

/** A checkbox with its label to the right and an optional hint below. */
export function CheckboxField(props: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  hint?: string;
}) {
  const id = useId();
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        checked={props.checked}
        onChange={(event) => props.onChange(event.target.checked)}
        aria-describedby={props.hint ? `${id}-hint` : undefined}
        className="mt-0.5 h-4 w-4 accent-primary"
      />
      <div className="flex flex-col">
        <label htmlFor={id} className="text-sm font-medium">
          {props.label}
        </label>
        {props.hint && (
          <p id={`${id}-hint`} className="text-xs text-muted-foreground">
            {props.hint}
          </p>
        )}
      </div>
    </div>
  );
}
