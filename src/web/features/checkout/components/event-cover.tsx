import { ImageIcon } from 'lucide-react';

/** The event's picture in a box of fixed ratio (set by className); decorative next to the title. */
export function EventCover({ url, className }: { url: string | null; className: string }) {
  return (
    <div className={`overflow-hidden bg-muted ${className}`}>
      {url ? (
        <img
          src={url}
          alt=""
          width={1409}
          height={500}
          decoding="async"
          className="h-full w-full object-cover"
        />
      ) : (
        <div className="flex h-full w-full items-center justify-center bg-gradient-to-br from-accent to-muted">
          <ImageIcon className="h-8 w-8 text-muted-foreground" aria-hidden />
        </div>
      )}
    </div>
  );
}

/** The cover: the event's image, else its featured (or first) picture. */
export function coverUrl(event: {
  imageUrl: string | null;
  media?: { mediaType: string; url: string; isFeatured: boolean; displayOrder: number }[];
}): string | null {
  if (event.imageUrl) return event.imageUrl;
  const images = (event.media ?? [])
    .filter((item) => item.mediaType === 'image')
    .sort((a, b) => a.displayOrder - b.displayOrder);
  return (images.find((item) => item.isFeatured) ?? images[0])?.url ?? null;
}
