import { Video } from 'lucide-react';
import { ONLINE_LINK_TEXTS } from '@shared/online-link';

/**
 * The access link of an online event, for a holder of an active ticket (the server sends it to nobody
 * else, docs/decisions/019-online-links.md); while the event has none yet, where it will come.
 */
export function OnlineLink({ url, className = '' }: { url: string | null; className?: string }) {
  return (
    <p className={`flex min-w-0 items-start gap-2 text-sm text-foreground ${className}`}>
      <Video className="mt-0.5 h-4 w-4 shrink-0 text-primary" aria-hidden />
      {url ? (
        <span className="min-w-0">
          {ONLINE_LINK_TEXTS.label}:{' '}
          <a
            href={url}
            target="_blank"
            rel="noopener noreferrer"
            className="font-medium break-all text-primary underline underline-offset-4 hover:no-underline"
          >
            {url}
          </a>
        </span>
      ) : (
        <span className="min-w-0">{ONLINE_LINK_TEXTS.pending}</span>
      )}
    </p>
  );
}
