import { Link } from 'react-router';
import { upcomingEvents } from '@shared/event-rules';
import { Button, buttonClasses } from '@web/components/ui/button';
import { usePageTitle } from '@web/lib/page-title';
import type { PublicEvent } from '@shared/events';
import { useEvents } from './api/get-events';
import { ConfirmEmailNotice } from './components/confirm-email-notice';
import { EventCardList, EventCardSkeletons } from './components/event-card-list';
import { EventsEmptyState } from './components/events-empty-state';
import { ViewSwitch } from './components/view-switch';
import { useLiveSeats } from './use-live-seats';
import { useNow } from '@web/lib/use-now';
import { useViewMode } from './use-view-mode';
import { lazyPart } from '@web/lib/lazy-part';
import { PageSpinner } from '@web/components/ui/page-spinner';

// Below the fold, or behind the view switch: in chunks of their own, hydrated when they arrive
// (docs/architecture.md#server-rendering)
const NewsletterSignup = lazyPart(() =>
  import('@web/components/newsletter-signup').then((m) => m.NewsletterSignup),
);
const BenefitsSection = lazyPart(() =>
  import('./components/benefits-section').then((m) => m.BenefitsSection),
);
const OrganizersSection = lazyPart(() =>
  import('./components/organizers-section').then((m) => m.OrganizersSection),
);
// (the clock is read inside: a prop that changes once the page is taken over would make React render the part
// anew before its code has arrived)
const EventTimetable = lazyPart(
  () =>
    import('./components/event-timetable').then(
      ({ EventTimetable: Timetable }) =>
        function TimetableNow({ events }: { events: PublicEvent[] }) {
          return <Timetable events={events} now={useNow()} />;
        },
    ),
  <PageSpinner />,
);

// The empty state offers the newsletter sign-up (with its note 'Keine Werbung · Jederzeit abmeldbar';
// docs/product/events.md#home-views).
const newsletterSlot = <NewsletterSignup source="empty_state" />;

/** The start page (docs/product/events.md#home-views). */
export function HomePage() {
  usePageTitle('');
  useLiveSeats();
  return (
    <>
      <ConfirmEmailNotice />
      <section className="border-b border-border bg-gradient-to-b from-accent/60 to-background">
        <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-24">
          <h1 className="max-w-2xl font-serif text-4xl font-semibold tracking-tight sm:text-5xl">
            Zeit für dich. Raum für Wachstum.
          </h1>
          <p className="mt-4 max-w-xl text-lg text-muted-foreground">
            Workshops, Seminare und Retreats für Paare und Einzelne – in kleinen Gruppen, mit Herz und
            Erfahrung begleitet.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <a href="#events" className={buttonClasses('primary', 'lg')}>
              Veranstaltungen ansehen
            </a>
            <Link to="/help" className={buttonClasses('secondary', 'lg')}>
              Häufige Fragen
            </Link>
          </div>
        </div>
      </section>
      <EventsSection />
      <BenefitsSection />
      <OrganizersSection />
    </>
  );
}

function EventsSection() {
  const [view, setView] = useViewMode();
  const now = useNow();
  const { data: events, isPending, isError, refetch } = useEvents();

  let content: React.ReactNode;
  if (isPending) content = <EventCardSkeletons />;
  else if (isError || !events) {
    content = (
      <div role="alert" className="rounded-xl border border-border bg-card p-6">
        <p>Die Veranstaltungen konnten nicht geladen werden.</p>
        <Button variant="secondary" className="mt-4" onClick={() => void refetch()}>
          Erneut versuchen
        </Button>
      </div>
    );
  } else if (view === 'timetable') {
    content = events.length ? (
      <EventTimetable events={events} />
    ) : (
      <EventsEmptyState newsletterSlot={newsletterSlot} />
    );
  } else {
    const upcoming = upcomingEvents(events, now);
    content = upcoming.length ? (
      <EventCardList events={upcoming} now={now} />
    ) : (
      <EventsEmptyState newsletterSlot={newsletterSlot} />
    );
  }

  return (
    <section
      id="events"
      aria-labelledby="events-heading"
      className="mx-auto max-w-6xl scroll-mt-16 px-4 py-12 sm:px-6"
    >
      <div className="mb-6 flex flex-wrap items-center justify-between gap-4">
        <h2 id="events-heading" className="text-2xl font-semibold tracking-tight">
          Veranstaltungen
        </h2>
        <ViewSwitch view={view} onChange={setView} />
      </div>
      {content}
    </section>
  );
}
