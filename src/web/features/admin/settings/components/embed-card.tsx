import { useState } from 'react';
import { SettingsCard } from '@web/components/ui/settings-card';
import { AllowedSitesForm } from './allowed-sites-form';
import { EmbedSnippet } from './embed-snippet';
import { useSettingsPart } from './settings-part';

/**
 * Card 'Auf deiner Website einbinden' (docs/product/widget.md): the snippet for all coming events, one
 * organizer's or one event, with a preview, and the sites allowed to embed it.
 */
export function EmbedCard() {
  const { part: widget, card } = useSettingsPart((settings) => settings.widget);
  // the preview reloads after a save, so it shows what a host page gets
  const [saves, setSaves] = useState(0);
  return (
    <SettingsCard
      id="embed"
      title="Auf deiner Website einbinden"
      description="Zeig deine Termine mit freien Plätzen als Karten auf deiner eigenen Website. Gebucht wird in einem neuen Tab hier im Shop."
      {...card}
    >
      {widget && (
        <div className="flex flex-col gap-8">
          <EmbedSnippet key={saves} />
          <AllowedSitesForm initial={widget.allowedOrigins} onSaved={() => setSaves((n) => n + 1)} />
        </div>
      )}
    </SettingsCard>
  );
}
