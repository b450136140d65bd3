import {
  hasExtendedProfile,
  isSimpleEmail,
  PROFILE_MESSAGES,
  sameEmail,
  type ProfileDetails,
} from '@shared/profile';
import { ApiError } from '@web/lib/api-client';
import { toast } from '@web/lib/toast';
import { useRequestEmailChange } from '../api/request-email-change';
import { useUpdateProfile } from '../api/update-profile';
import { AutosaveField } from './autosave-field';
import { cardClass } from './field-styles';

/**
 * After a change was requested: the address is not changed yet, a link went to the new one
 * (docs/decisions/049-admin-screens-say-what-they-mean.md; the spec's 'E-Mail aktualisiert. Bestätige ggf. die
 * Änderung per E-Mail.' said it was updated while it still waited).
 */
export const emailChangeSentMessage = (email: string) =>
  `Wir haben dir einen Bestätigungslink an ${email} geschickt. Deine E-Mail-Adresse ändert sich, sobald du ihn öffnest.`;

// When the change mail cannot be started for an unknown reason, hint at the mail setup.
const EMAIL_CHANGE_FALLBACK =
  'Die E-Mail-Änderung konnte nicht gestartet werden. Bitte prüfe die Absender-Konfiguration des E-Mail-Versands und versuche es erneut.';

/** Name, e-mail and phone, each saved on blur (docs/product/accounts-and-consent.md#profile-autosave). */
export function ContactSection({ profile }: { profile: ProfileDetails }) {
  const update = useUpdateProfile();
  const emailChange = useRequestEmailChange();
  // Admins and organizers need not supply name, e-mail and phone
  // (docs/product/accounts-and-consent.md#profile-role-fields).
  const required = (value: string) =>
    !hasExtendedProfile(profile.role) && !value.trim() ? PROFILE_MESSAGES.required : null;

  const saveEmail = async (email: string) => {
    try {
      const { pending } = await emailChange.mutateAsync(email);
      if (pending) toast.success(emailChangeSentMessage(email));
      return false; // not changed until the link is opened: no 'Gespeichert'
    } catch (error) {
      if (error instanceof ApiError && error.status >= 400 && error.status < 500) throw error;
      throw new ApiError(0, 'email_change_failed', EMAIL_CHANGE_FALLBACK);
    }
  };

  return (
    <section aria-labelledby="contact-heading" className={cardClass}>
      <h2 id="contact-heading" className="text-lg font-semibold">
        Kontaktdaten
      </h2>
      <div className="mt-4 flex flex-col gap-4">
        <AutosaveField
          label="Vollständiger Name"
          autoComplete="name"
          value={profile.fullName ?? ''}
          validate={required}
          save={async (fullName) => Boolean(await update.mutateAsync({ fullName }))}
        />
        <AutosaveField
          label="E-Mail"
          type="email"
          autoComplete="email"
          value={profile.email}
          isChanged={(input, stored) => !sameEmail(input, stored)}
          validate={(value) =>
            !value.trim()
              ? PROFILE_MESSAGES.required
              : isSimpleEmail(value.trim())
                ? null
                : PROFILE_MESSAGES.email
          }
          save={saveEmail}
          hint={
            profile.pendingEmail
              ? `Die neue Adresse ${profile.pendingEmail} wartet auf Bestätigung: Bitte öffne den Link in der E-Mail, die wir dorthin geschickt haben.`
              : undefined
          }
        />
        <AutosaveField
          label="Telefonnummer"
          type="tel"
          autoComplete="tel"
          value={profile.phone ?? ''}
          validate={required}
          save={async (phone) => Boolean(await update.mutateAsync({ phone }))}
        />
      </div>
    </section>
  );
}
