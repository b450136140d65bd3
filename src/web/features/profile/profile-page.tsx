import { hasExtendedProfile } from '@shared/profile';
import { Button } from '@web/components/ui/button';
import { PageSpinner } from '@web/components/ui/page-spinner';
import { usePageTitle } from '@web/lib/page-title';
import { useProfile } from './api/get-profile';
import { ConsentSection } from './components/consent-section';
import { ContactSection } from './components/contact-section';
import { ImageUploadCard } from './components/image-upload-card';
import { PersonalDataSection } from './components/personal-data-section';
import { PublicProfileForm } from './components/public-profile-form';

/**
 * 'Mein Profil'; admins and organizers get the extended profile
 * (docs/product/accounts-and-consent.md#profile-autosave).
 */
export function ProfilePage() {
  usePageTitle('Mein Profil');
  const { data: profile, isPending, isError, refetch } = useProfile();
  if (isPending) return <PageSpinner />;
  return (
    <section className="mx-auto flex max-w-2xl flex-col gap-6 px-4 py-10">
      <h1 className="text-2xl font-semibold tracking-tight">Mein Profil</h1>
      {isError || !profile ? (
        <div role="alert" className="flex flex-col items-start gap-3">
          <p>Dein Profil konnte nicht geladen werden.</p>
          <Button variant="secondary" onClick={() => void refetch()}>
            Erneut versuchen
          </Button>
        </div>
      ) : (
        <>
          <ContactSection profile={profile} />
          {hasExtendedProfile(profile.role) && (
            <>
              <div className="grid gap-6 sm:grid-cols-2">
                <ImageUploadCard kind="avatar" url={profile.avatarUrl} />
                <ImageUploadCard kind="portrait" url={profile.portraitUrl} />
              </div>
              <PublicProfileForm profile={profile} />
            </>
          )}
          <ConsentSection profile={profile} />
          <PersonalDataSection />
        </>
      )}
    </section>
  );
}
