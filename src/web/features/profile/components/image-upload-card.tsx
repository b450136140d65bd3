import { ImageUp, UserRound } from 'lucide-react';
import type { ProfileImageKind } from '@shared/image-upload';
import { ImageCropDialog } from '@web/components/image-crop-dialog';
import { Button } from '@web/components/ui/button';
import { useCropUpload } from '@web/components/use-crop-upload';
import { useUploadProfileImage } from '../api/upload-profile-image';
import { cardClass } from './field-styles';

const TEXTS: Record<ProfileImageKind, { title: string; description: string; success: string }> = {
  avatar: {
    title: 'Profilbild',
    description: 'Rund angezeigt, z. B. im Kopf der Seite.',
    success: 'Profilbild aktualisiert',
  },
  portrait: {
    title: 'Portrait',
    description: 'Wird auf der Startseite bei „Wer wir sind“ gezeigt.',
    success: 'Portrait aktualisiert',
  },
};

/**
 * Avatar and portrait upload cards using the crop dialog (1:1; the avatar with a round overlay;
 * docs/product/admin.md#image-uploads).
 */
export function ImageUploadCard({ kind, url }: { kind: ProfileImageKind; url: string | null }) {
  const upload = useUploadProfileImage();
  const texts = TEXTS[kind];
  const image = useCropUpload((blob) => upload.mutateAsync({ kind, image: blob }), texts.success);

  return (
    <section
      aria-labelledby={`${kind}-heading`}
      className={`${cardClass} flex flex-col items-center gap-3 text-center`}
    >
      <h2 id={`${kind}-heading`} className="self-start text-lg font-semibold">
        {texts.title}
      </h2>
      {url ? (
        <img
          src={url}
          alt={`Aktuelles ${texts.title}`}
          width={128}
          height={128}
          className={`h-32 w-32 object-cover ${kind === 'avatar' ? 'rounded-full' : 'rounded-xl'}`}
        />
      ) : (
        <div
          className={`flex h-32 w-32 items-center justify-center bg-muted text-muted-foreground ${kind === 'avatar' ? 'rounded-full' : 'rounded-xl'}`}
        >
          <UserRound className="h-12 w-12" aria-hidden />
          <span className="sr-only">Noch kein {texts.title}</span>
        </div>
      )}
      <p className="text-sm text-muted-foreground">
        {texts.description} JPEG, PNG oder WebP, höchstens 10 MB.
      </p>
      {image.picker}
      <Button variant="secondary" onClick={image.pick} disabled={upload.isPending}>
        <ImageUp className="h-4 w-4" aria-hidden />
        {url ? 'Bild ändern' : 'Bild hochladen'}
      </Button>
      <ImageCropDialog
        file={image.file}
        onCancel={image.cancel}
        onSave={image.save}
        round={kind === 'avatar'}
      />
    </section>
  );
}
