import { ImageUp } from 'lucide-react';
import { ADMIN_EVENT_MESSAGES, COVER_ASPECT, COVER_WIDTH } from '@shared/admin-events';
import { ImageCropDialog } from '@web/components/image-crop-dialog';
import { Button } from '@web/components/ui/button';
import { useCropUpload } from '@web/components/use-crop-upload';
import { useUploadEventCover } from '../api/upload-event-cover';
import { sectionClass } from '@web/features/admin/kit/form-field';

/**
 * The cover upload (docs/product/events.md#event-cover): the chosen image is cropped to 2.818:1 (1409 px
 * wide) in the crop dialog, sent, and becomes the featured image of the event.
 */
export function CoverUpload({
  eventId,
  imageUrl,
  title,
}: {
  eventId: string;
  imageUrl: string | null;
  title: string;
}) {
  const upload = useUploadEventCover();
  const cover = useCropUpload(
    (image) => upload.mutateAsync({ eventId, image }),
    ADMIN_EVENT_MESSAGES.coverSaved,
  );

  return (
    <section aria-labelledby="cover-heading" className={`${sectionClass} flex flex-col gap-3`}>
      <h2 id="cover-heading" className="text-lg font-semibold">
        Titelbild
      </h2>
      <div className="aspect-[2.818] w-full overflow-hidden rounded-xl bg-muted">
        {imageUrl ? (
          <img src={imageUrl} alt={`Titelbild von „${title}“`} className="h-full w-full object-cover" />
        ) : (
          <div className="flex h-full items-center justify-center text-sm text-muted-foreground">
            Noch kein Titelbild
          </div>
        )}
      </div>
      <p className="text-xs text-muted-foreground">
        Format 2,818 : 1, z. B. 2818 × 1000, 1409 × 500 oder 2254 × 800 Pixel. JPEG, PNG oder WebP, höchstens
        10 MB.
      </p>
      {cover.picker}
      <div>
        <Button variant="secondary" onClick={cover.pick} disabled={upload.isPending}>
          <ImageUp className="h-4 w-4" aria-hidden />
          {imageUrl ? 'Titelbild ändern' : 'Titelbild hochladen'}
        </Button>
      </div>
      <ImageCropDialog
        file={cover.file}
        onCancel={cover.cancel}
        onSave={cover.save}
        title="Bild zuschneiden (2,818:1)"
        aspect={COVER_ASPECT}
        outputWidth={COVER_WIDTH}
      />
    </section>
  );
}
