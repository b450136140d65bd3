import { Check, ChevronDown, Search } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';

export interface MultiSelectOption {
  value: string;
  label: string;
  /** A second line, e.g. the event's date or the user's e-mail. */
  hint?: string;
}

interface MultiSelectProps {
  label: string;
  options: MultiSelectOption[];
  selected: string[];
  onChange: (values: string[]) => void;
  searchLabel: string;
}

/**
 * A multi-select with search, 'Auswahl löschen' and 'Fertig'. A disclosure button and a
 * panel of real checkboxes; Escape, 'Fertig' and a click outside close it, and focus returns to the button.
 */
export function MultiSelect({ label, options, selected, onChange, searchLabel }: MultiSelectProps) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const search = useRef<HTMLInputElement>(null);

  const close = (returnFocus: boolean) => {
    setOpen(false);
    setQuery('');
    if (returnFocus) trigger.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    search.current?.focus();
    const outside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) {
        setOpen(false);
        setQuery('');
      }
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  const chosen = new Set(selected);
  const needle = query.trim().toLowerCase();
  const visible = needle
    ? options.filter((option) => `${option.label} ${option.hint ?? ''}`.toLowerCase().includes(needle))
    : options;
  const toggle = (value: string) =>
    onChange(chosen.has(value) ? selected.filter((v) => v !== value) : [...selected, value]);

  return (
    <div
      ref={root}
      className="relative"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.preventDefault();
          event.stopPropagation();
          close(true);
        }
      }}
    >
      <Button
        ref={trigger}
        variant="secondary"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => (open ? close(false) : setOpen(true))}
        className="w-full justify-between sm:w-56"
      >
        <span className="truncate">
          {label}
          {selected.length > 0 && ` (${selected.length})`}
        </span>
        <ChevronDown className="h-4 w-4 shrink-0" aria-hidden />
      </Button>
      {open && (
        <div
          id={panelId}
          role="group"
          aria-label={label}
          className="absolute left-0 z-30 mt-1 flex w-[min(22rem,90vw)] flex-col gap-2 rounded-xl border border-border bg-card p-3 text-card-foreground shadow-lg"
        >
          <div className="relative">
            <Search
              className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden
            />
            <Input
              size="sm"
              ref={search}
              type="search"
              aria-label={searchLabel}
              placeholder="Suchen"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              // Enter here must not submit the toolbar's form
              onKeyDown={(event) => event.key === 'Enter' && event.preventDefault()}
              className="pl-9"
            />
          </div>
          <ul className="max-h-64 overflow-y-auto" aria-label={`${label}: Optionen`}>
            {visible.length === 0 && (
              <li className="px-2 py-3 text-sm text-muted-foreground">Keine Treffer</li>
            )}
            {visible.map((option) => (
              <li key={option.value}>
                <label className="flex cursor-pointer items-start gap-2 rounded-lg px-2 py-1.5 text-sm hover:bg-muted">
                  <input
                    type="checkbox"
                    checked={chosen.has(option.value)}
                    onChange={() => toggle(option.value)}
                    className="mt-0.5 h-4 w-4 shrink-0 accent-primary"
                  />
                  <span className="min-w-0">
                    <span className="block break-words">{option.label}</span>
                    {option.hint && (
                      <span className="block break-all text-xs text-muted-foreground">{option.hint}</span>
                    )}
                  </span>
                </label>
              </li>
            ))}
          </ul>
          <div className="flex items-center justify-between gap-2 border-t border-border pt-2">
            <Button variant="ghost" size="sm" onClick={() => onChange([])} disabled={selected.length === 0}>
              Auswahl löschen
            </Button>
            <Button size="sm" onClick={() => close(true)}>
              <Check className="h-4 w-4" aria-hidden />
              Fertig
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}
