import { ArrowLeft } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { descriptionParagraphs, isPastEvent, metaDescription } from '@shared/event-rules';
import type { PublicEvent } from '@shared/events';
import { EventCover } from '@web/components/event-cover';
import { buttonClasses } from '@web/components/ui/button';
import { PageSpinner } from '@web/components/ui/page-spinner';
import { ApiError } from '@web/lib/api-client';
import { usePageTitle } from '@web/lib/page-title';
import { useEvent } from './api/get-event';
import { Badge } from '@web/components/ui/badge';
import { BookButton } from './components/book-button';
import { EventFacts } from './components/event-facts';
import { EventWaitlist } from './components/event-waitlist';
import { MoreSeriesDates } from './components/more-series-dates';
import { MobileBookingBar } from './components/mobile-booking-bar';
import { TicketCategoryList } from './components/ticket-category-list';
import { useLiveSeats } from './use-live-seats';
import { useNow } from '@web/lib/use-now';
import { lazyPart } from '@web/lib/lazy-part';

// below the description: in chunks of their own, hydrated when they arrive (docs/architecture.md#server-rendering)
const EventOrganizers = lazyPart(() =>
  import('./components/event-organizers').then((m) => m.EventOrganizers),
);
const AddToCalendar = lazyPart(() => import('@web/components/add-to-calendar').then((m) => m.AddToCalendar));

/** /event/{slug}: one event's page. */
export function EventDetailPage() {
  const { slug = '' } = useParams();
  const { data: event, error, isPending } = useEvent(slug);
  const notFound = error instanceof ApiError && error.status === 404;
  usePageTitle(event?.title ?? (notFound ? 'Event nicht gefunden' : 'Veranstaltung'));
  useMetaDescription(event);
  useLiveSeats();

  if (event) return <EventDetail event={event} />;
  if (isPending) return <PageSpinner />;
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <h1 className="font-serif text-3xl font-semibold tracking-tight">
        {notFound ? 'Event nicht gefunden' : 'Das Event konnte nicht geladen werden.'}
      </h1>
      <p className="mt-3 text-muted-foreground">
        {notFound
          ? 'Diese Veranstaltung gibt es nicht (mehr) oder sie ist nicht öffentlich.'
          : 'Bitte versuche es gleich noch einmal.'}
      </p>
      <Link to="/" className={`${buttonClasses('primary', 'lg')} mt-8`}>
        Alle Veranstaltungen
      </Link>
    </section>
  );
}

function EventDetail({ event }: { event: PublicEvent }) {
  const now = useNow();
  const past = isPastEvent(event, now);
  return (
    <>
      <article className="mx-auto max-w-6xl px-4 pt-6 pb-32 sm:px-6 md:pb-16">
        <Link
          to="/"
          className="inline-flex items-center gap-1 rounded-md text-sm text-muted-foreground hover:text-foreground"
        >
          <ArrowLeft className="h-4 w-4" aria-hidden /> Alle Veranstaltungen
        </Link>
        <EventCover
          event={event}
          loading="eager"
          className="mt-4 aspect-[2/1] rounded-2xl sm:aspect-[2.818]"
        />
        <header className="mt-8">
          <div className="flex flex-wrap gap-2">
            <Badge tone="primary">{event.mode === 'online' ? 'Online' : 'Präsenz'}</Badge>
            {event.status === 'draft' && <Badge tone="warning">Entwurf</Badge>}
          </div>
          <h1 className="mt-3 max-w-3xl font-serif text-3xl font-semibold tracking-tight sm:text-4xl">
            {event.title}
          </h1>
          {event.shortDescription && (
            <p className="mt-3 max-w-3xl text-lg text-muted-foreground">{event.shortDescription}</p>
          )}
        </header>
        {/* DOM order = phone order (facts and booking right under the title); on wide screens a side column. */}
        <div className="mt-8 grid gap-10 lg:grid-cols-[minmax(0,1fr)_22rem]">
          <aside
            aria-label="Termin und Buchung"
            className="lg:sticky lg:top-24 lg:col-start-2 lg:row-start-1 lg:self-start"
          >
            <div className="rounded-xl border border-border bg-card p-6 shadow-sm">
              <EventFacts event={event} now={now} />
              {past ? (
                <p className="mt-6 text-sm text-muted-foreground">
                  Diese Veranstaltung hat bereits stattgefunden.
                </p>
              ) : (
                <>
                  <BookButton event={event} now={now} className="mt-6 w-full" />
                  <EventWaitlist event={event} now={now} className="mt-4 w-full" />
                </>
              )}
            </div>
          </aside>
          <div className="min-w-0 lg:col-start-1 lg:row-start-1">
            {/* several categories: what each costs and how many are left (one category: as before) */}
            {!past && <TicketCategoryList event={event} now={now} />}
            {/* Plain text only: React escapes it, so no HTML from the description reaches the page. */}
            <div className="flex flex-col gap-4 leading-relaxed">
              {descriptionParagraphs(event.description).map((paragraph, index) => (
                <p key={index} className="whitespace-pre-line">
                  {paragraph}
                </p>
              ))}
            </div>
            {/* docs/product/event-series.md#series-page */}
            <MoreSeriesDates event={event} now={now} />
            <EventOrganizers organizers={event.organizers} />
            {event.links.length > 0 && (
              <section aria-labelledby="links-heading" className="mt-8">
                <h2 id="links-heading" className="text-lg font-semibold">
                  Weitere Informationen
                </h2>
                <ul className="mt-2 flex flex-col gap-1">
                  {event.links.map((link) => (
                    <li key={link.url}>
                      <a
                        href={link.url}
                        target="_blank"
                        rel="noopener noreferrer"
                        className="text-primary underline underline-offset-2"
                      >
                        {link.title}
                      </a>
                    </li>
                  ))}
                </ul>
              </section>
            )}
          </div>
        </div>
        <div className="mt-12">
          <AddToCalendar event={event} className="rounded-xl border border-border bg-card p-6" />
        </div>
      </article>
      <MobileBookingBar event={event} now={now} />
    </>
  );
}

/**
 * The page's meta description (at most 160 characters), restored when leaving
 * (docs/product/events.md#meta-description).
 */
function useMetaDescription(event: PublicEvent | undefined) {
  const text = event ? metaDescription(event) : null;
  useEffect(() => {
    const meta = document.querySelector('meta[name="description"]');
    if (!meta || text === null) return;
    const previous = meta.getAttribute('content');
    meta.setAttribute('content', text);
    return () => {
      if (previous !== null) meta.setAttribute('content', previous);
    };
  }, [text]);
}
