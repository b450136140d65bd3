import { Star } from 'lucide-react';

const STARS = [1, 2, 3, 4, 5] as const;
const label = (stars: number) => (stars === 1 ? '1 Stern' : `${stars} Sterne`);

/**
 * 1–5 stars as a group of radio buttons (docs/product/feedback.md#survey): arrow keys move, each star is a
 * labelled choice for screen readers, and the filled stars show the choice.
 */
export function StarRating({
  value,
  onChange,
  legend,
  error,
}: {
  value: number | null;
  onChange: (stars: number) => void;
  legend: string;
  error?: string | null;
}) {
  return (
    <fieldset aria-describedby={error ? 'stars-error' : undefined}>
      <legend className="text-sm font-medium">
        {legend}
        <span className="text-destructive" aria-hidden>
          {' '}
          *
        </span>
      </legend>
      <div className="mt-2 flex gap-1">
        {STARS.map((stars) => (
          <label key={stars} className="relative cursor-pointer">
            <input
              type="radio"
              name="stars"
              value={stars}
              checked={value === stars}
              onChange={() => onChange(stars)}
              className="peer sr-only"
              aria-invalid={error ? true : undefined}
            />
            <span className="sr-only">{label(stars)}</span>
            <Star
              aria-hidden
              className={`h-10 w-10 rounded-md p-1 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring ${
                value !== null && stars <= value ? 'fill-warning text-warning' : 'text-muted-foreground'
              }`}
            />
          </label>
        ))}
      </div>
      {value !== null && <p className="mt-1 text-sm text-muted-foreground">{label(value)}</p>}
      {error && (
        <p id="stars-error" className="mt-1 text-sm text-destructive">
          {error}
        </p>
      )}
    </fieldset>
  );
}
