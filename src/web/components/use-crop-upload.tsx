import { useRef, useState } from 'react';
import { imageFileProblem } from '@shared/image-upload';
import { ApiError } from '@web/lib/api-client';
import { toast } from '@web/lib/toast';

/**
 * An image upload through the crop dialog (docs/product/admin.md#image-uploads): the hidden file input, the
 * file that waits in the dialog, and saving the cropped result with its toasts. The file is checked here
 * first, and again on the server by content.
 */
export function useCropUpload(upload: (image: Blob) => Promise<unknown>, successText: string) {
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);

  const choose = (chosen: File | undefined) => {
    if (input.current) input.current.value = ''; // the same file can be chosen again
    if (!chosen) return;
    const problem = imageFileProblem(chosen);
    if (problem) toast.error(problem);
    else setFile(chosen);
  };

  const save = async (image: Blob) => {
    try {
      await upload(image);
      toast.success(successText);
      setFile(null);
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) toast.error('Nicht eingeloggt');
      else toast.error(`Upload fehlgeschlagen: ${error instanceof Error ? error.message : String(error)}`);
    }
  };

  const picker = (
    <input
      ref={input}
      type="file"
      accept="image/jpeg,image/png,image/webp"
      hidden
      onChange={(event) => choose(event.target.files?.[0])}
    />
  );
  return { picker, pick: () => input.current?.click(), file, cancel: () => setFile(null), save };
}
