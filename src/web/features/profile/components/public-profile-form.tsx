import { useState } from 'react';
import { BIO_MAX_LENGTH, type ProfileDetails } from '@shared/profile';
import { profileUpdateSchema } from '@shared/profile-schemas';
import { Button } from '@web/components/ui/button';
import { ErrorText } from '@web/components/ui/error-text';
import { Field } from '@web/components/ui/field';
import { Input, Textarea } from '@web/components/ui/input';
import { ApiError } from '@web/lib/api-client';
import { toast } from '@web/lib/toast';
import { useUpdateProfile } from '../api/update-profile';
import { cardClass } from './field-styles';

type ProfileField = 'displayName' | 'website' | 'bio';

/**
 * The extended profile of admins and organizers, saved with 'Speichern'
 * (docs/product/accounts-and-consent.md#profile-autosave).
 */
export function PublicProfileForm({ profile }: { profile: ProfileDetails }) {
  const update = useUpdateProfile();
  const [values, setValues] = useState<Record<ProfileField, string>>({
    displayName: profile.displayName ?? '',
    website: profile.website ?? '',
    bio: profile.bio ?? '',
  });
  const [errors, setErrors] = useState<Partial<Record<ProfileField | 'form', string>>>({});
  const set = (field: ProfileField) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  const submit = async () => {
    const parsed = profileUpdateSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])),
      );
      return;
    }
    setErrors({});
    try {
      await update.mutateAsync(parsed.data);
      toast.success('Profil gespeichert');
    } catch (error) {
      // Profile save errors are shown inline.
      setErrors({ form: error instanceof ApiError ? error.message : 'Speichern fehlgeschlagen.' });
    }
  };

  const fieldProps = (field: ProfileField) => ({ value: values[field], onChange: set(field) });

  return (
    <form
      aria-labelledby="public-heading"
      className={cardClass}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      noValidate
    >
      <h2 id="public-heading" className="text-lg font-semibold">
        Öffentliches Profil
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        So erscheinst du als Veranstalter bei deinen Events.
      </p>
      <div className="mt-4 flex flex-col gap-4">
        <Field label="Anzeigename" id="public-displayName" error={errors.displayName} errorAlert>
          <Input {...fieldProps('displayName')} autoComplete="nickname" />
        </Field>
        <Field label="Website" id="public-website" error={errors.website} errorAlert>
          <Input {...fieldProps('website')} type="url" autoComplete="url" placeholder="https://" />
        </Field>
        <Field label="Bio" id="public-bio" error={errors.bio} errorAlert>
          <Textarea {...fieldProps('bio')} rows={5} maxLength={BIO_MAX_LENGTH} />
          <p className="text-right text-xs text-muted-foreground">
            {values.bio.length} / {BIO_MAX_LENGTH}
          </p>
        </Field>
        {errors.form && <ErrorText>{errors.form}</ErrorText>}
        <div>
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? 'Wird gespeichert …' : 'Speichern'}
          </Button>
        </div>
      </div>
    </form>
  );
}
