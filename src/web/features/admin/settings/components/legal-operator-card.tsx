import { useState } from 'react';
import {
  ACCESSIBILITY_LABELS,
  DEFAULT_ACCESSIBILITY_AUTHORITY,
  missingStatementParts,
} from '@shared/accessibility';
import {
  legalSettingsOf,
  legalSettingsSchema,
  type LegalSettings,
  type LegalSettingsField,
} from '@shared/legal-settings';
import { OPERATOR_FIELD_LABELS, missingOperatorFields, requiredOperatorFields } from '@shared/operator-data';
import { SaveFooter, SettingsCard } from '@web/components/ui/settings-card';
import { useSavedFlash } from '@web/lib/use-saved-flash';
import { toast } from '@web/lib/toast';
import { useAdminSettings } from '../api/get-admin-settings';
import { useSaveLegalSettings } from '../api/save-legal-settings';
import { fieldErrorsOf, refusalOf } from './checked-save';
import { LegalGroup, LegalInput, legalInputId, type LegalFormState } from './legal-operator-fields';
import { loadErrorOf } from './server-message';

type FieldErrors = LegalFormState['errors'];

/** The statement's parts (decision 047) by their names in missingStatementParts. */
const STATEMENT_PART_LABELS = {
  conformity: ACCESSIBILITY_LABELS.accessibilityConformity,
  knownGaps: ACCESSIBILITY_LABELS.accessibilityKnownGaps,
  reviewedOn: ACCESSIBILITY_LABELS.accessibilityReviewedOn,
} as const;

/**
 * Card 'Rechtliches & Betreiber' (docs/decisions/021): the operator's data for imprint, privacy policy and
 * terms (and the invoices), the three legal URLs, the support e-mail and the operator's part of the
 * accessibility statement (docs/decisions/047-accessibility-statement.md).
 */
export function LegalOperatorCard() {
  const settings = useAdminSettings();
  const data = settings.data?.settings;
  const missing = data
    ? [
        ...missingOperatorFields(data.operator).map((field) => OPERATOR_FIELD_LABELS[field]),
        ...missingStatementParts(data.accessibility).map((part) => STATEMENT_PART_LABELS[part]),
      ]
    : [];
  return (
    <SettingsCard
      id="legal"
      title="Rechtliches & Betreiber"
      description="Erscheint in Impressum, Datenschutzerklärung, AGB, der Erklärung zur Barrierefreiheit und auf Rechnungen. Mit * markierte Angaben sind Pflicht."
      loading={!data}
      loadError={loadErrorOf(settings)}
    >
      {missing.length > 0 ? (
        <p className="mb-4 rounded-lg border border-dashed border-border bg-muted px-3 py-2 text-sm">
          Noch offen: {missing.join(', ')}
        </p>
      ) : null}
      {data && <LegalForm initial={legalSettingsOf(data)} />}
    </SettingsCard>
  );
}

function LegalForm({ initial }: { initial: LegalSettings }) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [saved, flashSaved] = useSavedFlash();
  const save = useSaveLegalSettings();
  const form: LegalFormState = {
    values,
    errors,
    required: new Set<LegalSettingsField>([
      ...requiredOperatorFields(values.legalForm),
      'supportEmail',
      'accessibilityConformity',
      'accessibilityReviewedOn',
      // the gaps a statement of partial or no conformity names (decision 047)
      ...(values.accessibilityConformity === 'full' ? [] : (['accessibilityKnownGaps'] as const)),
    ]),
    set: (field, value) => setValues((current) => ({ ...current, [field]: value })),
  };

  const refuse = (found: FieldErrors, message: string) => {
    setErrors(found);
    setError(message);
    const first = Object.keys(found)[0] as LegalSettingsField | undefined;
    if (first) document.getElementById(legalInputId(first))?.focus();
  };

  const submit = async () => {
    const parsed = legalSettingsSchema.safeParse(values);
    if (!parsed.success) {
      refuse(fieldErrorsOf<LegalSettingsField>(parsed.error.issues), 'Bitte Eingaben prüfen.');
      return;
    }
    setErrors({});
    setError(null);
    try {
      await save.mutateAsync(parsed.data);
      setValues(parsed.data); // e.g. the VAT id without spaces, as stored
      flashSaved();
    } catch (failure) {
      const { errors: found, message } = refusalOf<LegalSettingsField>(failure);
      refuse(found, message);
      toast.error(message);
    }
  };

  return (
    <form
      className="flex flex-col gap-6"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <LegalGroup legend="Anbieter">
        <LegalInput form={form} field="name" hint="Mit Rechtsformzusatz, z. B. Muster GmbH." />
        <LegalInput form={form} field="legalForm" />
        <LegalInput
          form={form}
          field="representatives"
          wide
          hint="Z. B. Geschäftsführung oder Gesellschafter."
        />
      </LegalGroup>
      <LegalGroup legend="Anschrift">
        <LegalInput form={form} field="street" wide />
        <LegalInput form={form} field="postalCode" />
        <LegalInput form={form} field="city" />
      </LegalGroup>
      <LegalGroup legend="Kontakt">
        <LegalInput form={form} field="email" type="email" />
        <LegalInput form={form} field="phone" type="tel" />
        <LegalInput
          form={form}
          field="supportEmail"
          type="email"
          wide
          hint="Steht im Seitenfuß und in den E-Mails an Teilnehmende."
        />
      </LegalGroup>
      <LegalGroup legend="Register und Steuern">
        <LegalInput form={form} field="registerCourt" hint="Z. B. Amtsgericht Hamburg." />
        <LegalInput form={form} field="registerNumber" hint="Z. B. HRB 12345." />
        <LegalInput form={form} field="vatId" hint="Falls vorhanden, z. B. DE123456789." />
        <LegalInput form={form} field="taxNumber" hint="Nur für Rechnungen, wird nicht veröffentlicht." />
      </LegalGroup>
      <LegalGroup legend="Verantwortung und Aufsicht">
        <LegalInput form={form} field="contentResponsible" hint="Name der Person (§ 18 Abs. 2 MStV)." />
        <LegalInput
          form={form}
          field="supervisoryAuthority"
          hint="Nur bei einer Tätigkeit, die eine behördliche Erlaubnis braucht."
        />
        <LegalInput form={form} field="privacyEmail" type="email" />
        <LegalInput form={form} field="privacyOfficer" hint="Nur falls benannt: Name und Kontakt." />
      </LegalGroup>
      <LegalGroup legend="Rechtstexte">
        <p className="-mt-1 text-xs text-muted-foreground sm:col-span-2">
          Ein Pfad dieser Seite (z. B. /impressum) oder eine https-Adresse, falls die Texte woanders stehen.
        </p>
        <LegalInput form={form} field="imprintUrl" />
        <LegalInput form={form} field="privacyUrl" />
        <LegalInput form={form} field="termsUrl" />
      </LegalGroup>
      <LegalGroup legend="Erklärung zur Barrierefreiheit">
        <p className="-mt-1 text-xs text-muted-foreground sm:col-span-2">
          Für die Seite /barrierefreiheit (BFSG § 14). Was der Shop selbst für die Barrierefreiheit tut, steht
          dort schon; hier trägst du ein, wie du ihn einschätzt und was noch fehlt.
        </p>
        <LegalInput
          form={form}
          field="accessibilityConformity"
          hint="Maßstab: EN 301 549 und WCAG 2.1 Stufe AA. Solange Einschränkungen bekannt sind: „teilweise konform“."
        />
        <LegalInput
          form={form}
          field="accessibilityReviewedOn"
          type="date"
          hint="Tag, an dem du die Erklärung erstellt oder zuletzt geprüft hast."
        />
        <LegalInput
          form={form}
          field="accessibilityKnownGaps"
          rows={6}
          wide
          hint="Eine Einschränkung je Zeile; die Seite zeigt sie als Liste."
        />
        <LegalInput
          form={form}
          field="accessibilityContactEmail"
          type="email"
          hint="Leer: die Kontakt-E-Mail oben."
        />
        <LegalInput
          form={form}
          field="accessibilityAuthority"
          rows={3}
          wide
          placeholder={DEFAULT_ACCESSIBILITY_AUTHORITY}
          hint="Leer: die grau vorgegebene gemeinsame Marktüberwachungsstelle der Länder (MLBF) in Magdeburg. Eine Angabe je Zeile, z. B. Name und Anschrift."
        />
      </LegalGroup>
      <SaveFooter error={error} pending={save.isPending} saved={saved} />
    </form>
  );
}
