import { ImageUp } from 'lucide-react';
import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { ADMIN_EVENT_MESSAGES, COVER_ASPECT, COVER_WIDTH } from '@shared/admin-events';
import { imageFileProblem } from '@shared/image-upload';
import { ImageCropDialog } from '@web/components/image-crop-dialog';
import { Button } from '@web/components/ui/button';
import { ApiError } from '@web/lib/api-client';
import { useUploadEventCover } from '../api/upload-event-cover';
import { sectionClass } from './form-field';

/**
 * spec admin §2 cover upload, §9 sizes: the chosen image is cropped to 2.818:1 (1409 px wide) in the crop
 * dialog, sent, and becomes the featured image of the event.
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
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const upload = useUploadEventCover();

  const choose = (chosen: File | undefined) => {
    if (input.current) input.current.value = ''; // the same file can be chosen again
    if (!chosen) return;
    // spec admin §5: checked here first, and again on the server by content.
    const problem = imageFileProblem(chosen);
    if (problem) toast.error(problem);
    else setFile(chosen);
  };

  const save = async (image: Blob) => {
    try {
      await upload.mutateAsync({ eventId, image });
      toast.success(ADMIN_EVENT_MESSAGES.coverSaved);
      setFile(null);
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) toast.error('Nicht eingeloggt');
      else toast.error(`Upload fehlgeschlagen: ${error instanceof Error ? error.message : String(error)}`);
    }
  };

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
      <input
        ref={input}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        hidden
        onChange={(event) => choose(event.target.files?.[0])}
      />
      <div>
        <Button variant="secondary" onClick={() => input.current?.click()} disabled={upload.isPending}>
          <ImageUp className="h-4 w-4" aria-hidden />
          {imageUrl ? 'Titelbild ändern' : 'Titelbild hochladen'}
        </Button>
      </div>
      <ImageCropDialog
        file={file}
        onCancel={() => setFile(null)}
        onSave={save}
        title="Bild zuschneiden (2,818:1)"
        aspect={COVER_ASPECT}
        outputWidth={COVER_WIDTH}
      />
    </section>
  );
}
