import { ImageIcon } from 'lucide-react';

export interface CoverSource {
  imageUrl: string | null;
  /** The public event's pictures; copies of an event in a booking or ticket carry none. */
  media?: { mediaType: string; url: string; isFeatured: boolean; displayOrder: number }[];
}

/** The cover: the event's image, else its featured (or first) picture of the media list. */
function coverImageUrl(event: CoverSource): string | null {
  if (event.imageUrl) return event.imageUrl;
  const images = (event.media ?? [])
    .filter((item) => item.mediaType === 'image')
    .sort((a, b) => a.displayOrder - b.displayOrder);
  return (images.find((item) => item.isFeatured) ?? images[0])?.url ?? null;
}

/**
 * An event's cover in a box of fixed size or aspect ratio (set by className), so nothing moves when it
 * arrives; without a picture a placeholder. The image is decorative next to the title, hence the empty alt
 * text. `loading`: 'eager' for the page's main picture (also fetched with high priority), 'lazy' below the
 * fold, unset for the browser's default; `thumbnail` for the small picture of a ticket card.
 */
export function EventCover({
  event,
  className,
  loading,
  thumbnail = false,
}: {
  event: CoverSource;
  className: string;
  loading?: 'eager' | 'lazy';
  thumbnail?: boolean;
}) {
  const url = coverImageUrl(event);
  return (
    <div className={`overflow-hidden bg-muted ${className}`}>
      {url ? (
        <img
          src={url}
          alt=""
          width={thumbnail ? 144 : 1409}
          height={thumbnail ? 96 : 500}
          loading={loading}
          fetchPriority={loading === 'eager' ? 'high' : loading && 'auto'}
          decoding="async"
          className="h-full w-full object-cover"
        />
      ) : (
        <div className="flex h-full w-full items-center justify-center bg-gradient-to-br from-accent to-muted">
          <ImageIcon className={`${thumbnail ? 'h-6 w-6' : 'h-8 w-8'} text-muted-foreground`} aria-hidden />
        </div>
      )}
    </div>
  );
}
