import { useId, useState } from 'react';
import type { OrganizerOption } from '@shared/admin-events';
import { Input } from '@web/components/ui/input';
import { ErrorText } from '@web/components/ui/error-text';

interface OrganizerPickerProps {
  options: OrganizerOption[];
  value: string[];
  onChange: (ids: string[]) => void;
  error?: string;
}

const SEARCH_FROM = 8;

/**
 * 'Veranstalter' (docs/product/admin.md#organizer-role): a multi-select of admins and organizers as a list of
 * checkboxes, with a filter once the list gets long. Ids no longer among the options (a demoted user) stay
 * until unticked.
 */
export function OrganizerPicker({ options, value, onChange, error }: OrganizerPickerProps) {
  const id = useId();
  const [filter, setFilter] = useState('');
  const chosen = new Set(value);
  const needle = filter.trim().toLowerCase();
  const shown = options.filter(
    (option) =>
      !needle || option.name.toLowerCase().includes(needle) || option.email.toLowerCase().includes(needle),
  );
  const unknown = value.filter((userId) => !options.some((option) => option.id === userId));
  const toggle = (userId: string) =>
    onChange(chosen.has(userId) ? value.filter((entry) => entry !== userId) : [...value, userId]);

  return (
    // min-w-0: a fieldset is at least as wide as its content by default, and the addresses below truncate instead
    <fieldset className="flex min-w-0 flex-col gap-2" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="sr-only">Veranstalter</legend>
      <p className="text-xs text-muted-foreground">
        Admins und Veranstalter, die dieses Event leiten. Sie erscheinen auf der Event-Seite.
      </p>
      {options.length >= SEARCH_FROM && (
        <>
          <label htmlFor={`${id}-filter`} className="sr-only">
            Veranstalter suchen
          </label>
          <Input
            id={`${id}-filter`}
            type="search"
            placeholder="Suchen …"
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
          />
        </>
      )}
      {options.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          Noch keine Veranstalter: Unter „Benutzer“ kann einer Person die Rolle Veranstalter gegeben werden.
        </p>
      ) : (
        <ul className="max-h-60 overflow-y-auto rounded-lg border border-border">
          {shown.map((option) => (
            <li key={option.id} className="border-b border-border last:border-b-0">
              <label className="flex cursor-pointer items-center gap-3 px-3 py-2 hover:bg-muted">
                <input
                  type="checkbox"
                  checked={chosen.has(option.id)}
                  onChange={() => toggle(option.id)}
                  className="h-4 w-4 shrink-0 accent-primary"
                />
                <span className="flex min-w-0 flex-col">
                  <span className="truncate text-sm font-medium">{option.name}</span>
                  <span className="truncate text-xs text-muted-foreground">
                    {option.email} · {option.role === 'admin' ? 'Admin' : 'Veranstalter'}
                  </span>
                </span>
              </label>
            </li>
          ))}
          {unknown.map((userId) => (
            <li key={userId} className="border-b border-border last:border-b-0">
              <label className="flex cursor-pointer items-center gap-3 px-3 py-2 hover:bg-muted">
                <input
                  type="checkbox"
                  checked
                  onChange={() => toggle(userId)}
                  className="h-4 w-4 shrink-0 accent-primary"
                />
                <span className="text-sm text-muted-foreground">
                  Nicht mehr Veranstalter ({userId.slice(0, 8)})
                </span>
              </label>
            </li>
          ))}
          {shown.length === 0 && unknown.length === 0 && (
            <li className="px-3 py-2 text-sm text-muted-foreground">Niemand gefunden.</li>
          )}
        </ul>
      )}
      {error && (
        <ErrorText id={`${id}-error`} alert={false}>
          {error}
        </ErrorText>
      )}
    </fieldset>
  );
}
