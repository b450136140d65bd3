import { useEffect, useState } from 'react';
import { slugFromTitle, slugify } from '@shared/event-text';
import { useSlugCheck } from '../api/check-event-slug';
import { Field } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';

const CHECK_DELAY_MS = 300;

function useDebounced<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

interface SlugFieldProps {
  mode: 'create' | 'edit';
  title: string;
  value: string;
  onChange: (slug: string) => void;
  error?: string;
  eventId?: string;
}

/**
 * The slug (docs/product/events.md#slug): on create read-only and derived from the title; on edit editable,
 * with a warning while it is taken by another event (asked from the server as the admin types).
 */
export function SlugField({ mode, title, value, onChange, error, eventId }: SlugFieldProps) {
  const slug = mode === 'create' ? (title.trim() ? slugFromTitle(title) : '') : value.trim();
  const checked = useDebounced(slug, CHECK_DELAY_MS);
  const { data: check } = useSlugCheck(checked, eventId);
  const current = check && check.slug === slug ? check : undefined;

  let hint: string;
  let warning: string | undefined;
  if (mode === 'create') {
    hint = 'Wird aus dem Titel gebildet und ist Teil der Adresse des Events (/event/…).';
    if (current && !current.available && current.valid) {
      hint = `„${slug}“ ist schon vergeben: Das Event erhält eine angehängte Nummer (z. B. „${slug}-2“).`;
    }
  } else {
    hint = 'Teil der Adresse des Events (/event/…). Nur Kleinbuchstaben, Ziffern und Bindestriche.';
    if (current?.message) warning = current.message;
  }

  return (
    <Field label="Slug" error={error ?? warning} hint={hint}>
      {(control) => (
        <Input
          {...control}
          type="text"
          value={slug}
          readOnly={mode === 'create'}
          spellCheck={false}
          autoCapitalize="none"
          onChange={(event) => onChange(event.target.value)}
          // typed umlauts or spaces become what the server accepts ('Mein Kurs' → 'mein-kurs')
          onBlur={() => mode === 'edit' && value.trim() && onChange(slugify(value))}
          className="font-mono text-sm"
        />
      )}
    </Field>
  );
}
