import { useState } from 'react';
import { BIO_MAX_LENGTH, type ProfileDetails } from '@shared/profile';
import { profileUpdateSchema } from '@shared/profile-schemas';
import { Button } from '@web/components/ui/button';
import { ApiError } from '@web/lib/api-client';
import { toast } from '@web/lib/toast';
import { useUpdateProfile } from '../api/update-profile';
import { cardClass, inputClass } from './field-styles';

type Field = 'displayName' | 'website' | 'bio';

/**
 * The extended profile of admins and organizers, saved with 'Speichern'
 * (docs/product/accounts-and-consent.md#profile-autosave).
 */
export function PublicProfileForm({ profile }: { profile: ProfileDetails }) {
  const update = useUpdateProfile();
  const [values, setValues] = useState<Record<Field, string>>({
    displayName: profile.displayName ?? '',
    website: profile.website ?? '',
    bio: profile.bio ?? '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field | 'form', string>>>({});
  const set = (field: Field) => (event: { target: { value: string } }) =>
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

  const fieldProps = (field: Field) => ({
    id: `public-${field}`,
    value: values[field],
    onChange: set(field),
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? `public-${field}-error` : undefined,
  });
  const errorOf = (field: Field) =>
    errors[field] && (
      <p id={`public-${field}-error`} role="alert" className="text-sm text-destructive">
        {errors[field]}
      </p>
    );

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
        <div className="flex flex-col gap-1.5">
          <label htmlFor="public-displayName" className="text-sm font-medium">
            Anzeigename
          </label>
          <input {...fieldProps('displayName')} autoComplete="nickname" className={inputClass} />
          {errorOf('displayName')}
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor="public-website" className="text-sm font-medium">
            Website
          </label>
          <input
            {...fieldProps('website')}
            type="url"
            autoComplete="url"
            placeholder="https://"
            className={inputClass}
          />
          {errorOf('website')}
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor="public-bio" className="text-sm font-medium">
            Bio
          </label>
          <textarea
            {...fieldProps('bio')}
            rows={5}
            maxLength={BIO_MAX_LENGTH}
            className={`${inputClass} h-auto py-2`}
          />
          <p className="text-right text-xs text-muted-foreground">
            {values.bio.length} / {BIO_MAX_LENGTH}
          </p>
          {errorOf('bio')}
        </div>
        {errors.form && (
          <p role="alert" className="text-sm text-destructive">
            {errors.form}
          </p>
        )}
        <div>
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? 'Wird gespeichert …' : 'Speichern'}
          </Button>
        </div>
      </div>
    </form>
  );
}
