import { X } from 'lucide-react';
import { useState } from 'react';
import { normalizeOrigin, MAX_WIDGET_ORIGINS, WIDGET_MESSAGES } from '@shared/widget';
import { widgetSettingsSchema } from '@shared/widget-schema';
import { Button } from '@web/components/ui/button';
import { Field } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { SaveFooter, SettingsForm } from '@web/components/ui/settings-card';
import { useSaveWidgetSettings } from '../api/save-widget-settings';
import { useSettingsSave } from './use-settings-save';

/**
 * 'Erlaubte Websites' (docs/product/widget.md#allowed-sites): only pages of these origins may show the widget;
 * everywhere else it stays empty and says why in the browser console.
 */
export function AllowedSitesForm({ initial, onSaved }: { initial: string[]; onSaved: () => void }) {
  const [origins, setOrigins] = useState(initial);
  const [draft, setDraft] = useState('');
  const [draftError, setDraftError] = useState<string | null>(null);
  const save = useSaveWidgetSettings();
  const { error, saved, submit } = useSettingsSave(widgetSettingsSchema, async (input) => {
    await save.mutateAsync(input);
    onSaved();
  });

  const add = () => {
    const result = normalizeOrigin(draft);
    if ('error' in result) return setDraftError(result.error);
    if (origins.includes(result.origin)) return setDraftError(WIDGET_MESSAGES.duplicate);
    if (origins.length >= MAX_WIDGET_ORIGINS) return setDraftError(WIDGET_MESSAGES.tooMany);
    setOrigins([...origins, result.origin]);
    setDraft('');
    setDraftError(null);
  };

  return (
    <SettingsForm onSubmit={() => submit({ allowedOrigins: origins })}>
      <div className="flex flex-col gap-2">
        <h3 className="text-sm font-medium">Erlaubte Websites</h3>
        <p className="text-xs text-muted-foreground">
          Nur auf diesen Websites erscheint das Widget. Überall sonst bleibt es leer, und die Browser-Konsole
          sagt, warum.
        </p>
        {origins.length ? (
          <ul
            className="flex flex-col divide-y divide-border rounded-lg border border-border"
            aria-label="Erlaubte Websites"
          >
            {origins.map((origin) => (
              <li key={origin} className="flex items-center justify-between gap-2 px-3 py-2 text-sm">
                <span className="min-w-0 font-mono text-xs break-all sm:text-sm">{origin}</span>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label={`${origin} entfernen`}
                  onClick={() => setOrigins(origins.filter((item) => item !== origin))}
                >
                  <X className="h-4 w-4" aria-hidden />
                </Button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">Noch keine Website eingetragen.</p>
        )}
      </div>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
        <Field
          label="Website hinzufügen"
          error={draftError}
          className="flex-1"
          hint="z. B. https://example.org"
        >
          <Input
            size="sm"
            value={draft}
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            placeholder="https://"
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={(event) => {
              if (event.key !== 'Enter') return;
              event.preventDefault();
              add();
            }}
          />
        </Field>
        <Button type="button" variant="secondary" size="sm" className="sm:mt-7" onClick={add}>
          Hinzufügen
        </Button>
      </div>
      <SaveFooter error={error} pending={save.isPending} saved={saved} />
    </SettingsForm>
  );
}
