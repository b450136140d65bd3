// Avatar, portrait and cover uploads (docs/product/admin.md#image-uploads). Deliberately free of zod
// (imported by components on the client and by the server's upload check alike).

export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

export const IMAGE_TOO_LARGE_MESSAGE = 'Datei ist zu groß. Maximal 10 MB.';
export const IMAGE_TYPE_MESSAGE = 'Ungültiger Dateityp. Erlaubt: JPEG, PNG, WebP.';

/** Crop output: 1:1 images are 512 px square, exported at quality 0.92. */
export const CROP_OUTPUT_SIZE = 512;
export const CROP_QUALITY = 0.92;
export const CROP_MIN_BOX = 120;

export const PROFILE_IMAGE_KINDS = ['avatar', 'portrait'] as const;
export type ProfileImageKind = (typeof PROFILE_IMAGE_KINDS)[number];

/**
 * The client's pre-check before cropping, by declared type and size. The server checks again, by content
 * (upload-profile-image.ts): a renamed file passes here and is refused there.
 */
export function imageFileProblem(file: { size: number; type: string }): string | null {
  if (file.size > IMAGE_MAX_BYTES) return IMAGE_TOO_LARGE_MESSAGE;
  if (!(IMAGE_MIME_TYPES as readonly string[]).includes(file.type)) return IMAGE_TYPE_MESSAGE;
  return null;
}
