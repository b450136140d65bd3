import { useMemo, useState } from 'react';
import { generalSettingsSchema, type GeneralSettings } from '@shared/admin-settings';
import { timezoneOptions } from '@shared/time-zones';
import { SaveFooter, SettingsCard, SettingsForm } from '@web/components/ui/settings-card';
import { checkboxClass, labelClass } from '@web/features/admin/kit/admin-styles';
import { useAdminSettings } from '../api/get-admin-settings';
import { useSaveGeneralSettings } from '../api/save-general-settings';
import { loadErrorOf } from './server-message';
import { useSettingsSave } from './use-settings-save';
import { Input, Select } from '@web/components/ui/input';

/** 'Allgemeine Einstellungen': onboarding, time zone, site name (docs/product/admin.md#settings-defaults). */
export function GeneralSettingsCard() {
  const settings = useAdminSettings();
  const data = settings.data?.settings;
  return (
    <SettingsCard
      id="general"
      title="Allgemeine Einstellungen"
      loading={!data}
      loadError={loadErrorOf(settings)}
    >
      {data && (
        <GeneralForm
          initial={{
            onboardingEnabled: data.onboarding.enabled,
            timezone: data.timezone.name,
            siteName: data.brand.siteName,
          }}
        />
      )}
    </SettingsCard>
  );
}

function GeneralForm({ initial }: { initial: GeneralSettings }) {
  const [values, setValues] = useState(initial);
  const save = useSaveGeneralSettings();
  const { error, saved, submit } = useSettingsSave(generalSettingsSchema, save.mutateAsync);
  const zones = useMemo(() => timezoneOptions(initial.timezone), [initial.timezone]);
  const set = <K extends keyof GeneralSettings>(key: K, value: GeneralSettings[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  return (
    <SettingsForm onSubmit={() => submit(values)}>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={values.onboardingEnabled}
          onChange={(event) => set('onboardingEnabled', event.target.checked)}
          className={checkboxClass}
        />
        Onboarding aktiviert
      </label>
      <div className="flex flex-col gap-1.5">
        <label htmlFor="settings-timezone" className={labelClass}>
          Zeitzone
        </label>
        <Select
          size="sm"
          id="settings-timezone"
          value={values.timezone}
          onChange={(event) => set('timezone', event.target.value)}
        >
          {zones.map((zone) => (
            <option key={zone} value={zone}>
              {zone}
            </option>
          ))}
        </Select>
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor="settings-site-name" className={labelClass}>
          Seitenname
        </label>
        <Input
          size="sm"
          id="settings-site-name"
          value={values.siteName}
          maxLength={100}
          onChange={(event) => set('siteName', event.target.value)}
        />
      </div>
      <SaveFooter error={error} pending={save.isPending} saved={saved} />
    </SettingsForm>
  );
}
