import { ImageIcon } from 'lucide-react';
import type { PublicEvent } from '@shared/events';

/** The cover: the event's image, else its featured (or first) picture of the media list. */
export function coverImageUrl(event: Pick<PublicEvent, 'imageUrl' | 'media'>): string | null {
  if (event.imageUrl) return event.imageUrl;
  const images = event.media
    .filter((item) => item.mediaType === 'image')
    .sort((a, b) => a.displayOrder - b.displayOrder);
  return (images.find((item) => item.isFeatured) ?? images[0])?.url ?? null;
}

/**
 * A cover in a box of fixed aspect ratio (set by className), so nothing moves when it arrives. The image
 * is decorative next to the title, hence the empty alt text.
 */
export function EventImage({
  event,
  eager = false,
  className,
}: {
  event: Pick<PublicEvent, 'imageUrl' | 'media'>;
  eager?: boolean;
  className: string;
}) {
  const url = coverImageUrl(event);
  return (
    <div className={`overflow-hidden bg-muted ${className}`}>
      {url ? (
        <img
          src={url}
          alt=""
          width={1409}
          height={500}
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={eager ? 'high' : 'auto'}
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
