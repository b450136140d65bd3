import { useId, useState, type ReactNode } from 'react';
import { DSGVO_CONSENT_PARTS, MARKETING_CONSENT_TEXT, type ConsentPurpose } from '@shared/consent-texts';
import type { ProfileDetails } from '@shared/profile';
import { useSettings } from '@web/lib/settings';
import { useSetConsent } from '../api/set-consent';
import { cardClass } from './field-styles';

/** The consent checkboxes of 'Mein Profil': saved at once; on failure they revert and the error is logged. */
export function ConsentSection({ profile }: { profile: ProfileDetails }) {
  const { legal } = useSettings();
  return (
    <section aria-labelledby="consent-heading" className={cardClass}>
      <h2 id="consent-heading" className="text-lg font-semibold">
        Einwilligungen
      </h2>
      <div className="mt-4 flex flex-col gap-4">
        <ConsentCheckbox purpose="dsgvo" label="Datenschutz-Einwilligung" granted={profile.hasDsgvoConsent}>
          {DSGVO_CONSENT_PARTS.before}
          <a href={legal.privacyUrl} target="_blank" rel="noopener" className="underline underline-offset-2">
            {DSGVO_CONSENT_PARTS.link}
          </a>
          {DSGVO_CONSENT_PARTS.after}
        </ConsentCheckbox>
        <ConsentCheckbox purpose="marketing" label="Newsletter" granted={profile.newsletter}>
          {MARKETING_CONSENT_TEXT}
        </ConsentCheckbox>
      </div>
    </section>
  );
}

interface ConsentCheckboxProps {
  purpose: ConsentPurpose;
  label: string;
  granted: boolean;
  children: ReactNode;
}

function ConsentCheckbox({ purpose, label, granted, children }: ConsentCheckboxProps) {
  const id = useId();
  // The click shows at once; the stored value takes over again when the save ends, so a failure reverts.
  const [pending, setPending] = useState<boolean | null>(null);
  const checked = pending ?? granted;
  const setConsent = useSetConsent();

  const toggle = (next: boolean) => {
    setPending(next);
    void setConsent.mutateAsync({ purpose, granted: next }).then(
      () => setPending(null),
      (error: unknown) => {
        // The checkbox reverts, the error is logged (docs/product/accounts-and-consent.md#profile-autosave).
        console.error(`Einwilligung „${label}“ konnte nicht gespeichert werden`, error);
        setPending(null);
      },
    );
  };

  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        disabled={setConsent.isPending}
        onChange={(event) => toggle(event.target.checked)}
        aria-describedby={`${id}-text`}
        className="mt-1 h-5 w-5 shrink-0 accent-primary"
      />
      <div className="flex flex-col gap-1">
        <label htmlFor={id} className="font-medium">
          {label}
        </label>
        <p id={`${id}-text`} className="text-sm text-muted-foreground">
          {children}
        </p>
      </div>
    </div>
  );
}
