import { initialsOf } from '@shared/initials';
import type { PublicOrganizer } from '@shared/events';
import { useOrganizers } from '../api/get-organizers';
import { OrganizerFeedback } from './featured-feedback';

/**
 * 'Wer wir sind' with the organizers' portraits, names and a short bio (docs/product/events.md#home-views).
 */
export function OrganizersSection() {
  const { data: organizers, isPending } = useOrganizers();
  if (!isPending && !organizers?.length) return null;
  return (
    <section aria-labelledby="about-heading" className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
      <h2 id="about-heading" className="text-2xl font-semibold tracking-tight">
        Wer wir sind
      </h2>
      <ul className="mt-6 grid gap-6 md:grid-cols-2">
        {organizers
          ? organizers.map((organizer) => <OrganizerCard key={organizer.id} organizer={organizer} />)
          : [0, 1].map((index) => (
              <li key={index} aria-hidden className="h-40 rounded-xl border border-border bg-card" />
            ))}
      </ul>
    </section>
  );
}

function OrganizerCard({ organizer }: { organizer: PublicOrganizer }) {
  const portrait = organizer.portraitUrl ?? organizer.avatarUrl;
  return (
    // the text goes under the portrait once it would get narrower than 12rem (320 px screens, 200 % text)
    <li className="flex min-h-40 flex-wrap gap-5 rounded-xl border border-border bg-card p-6">
      {portrait ? (
        <img
          src={portrait}
          alt=""
          width={112}
          height={112}
          loading="lazy"
          decoding="async"
          className="h-24 w-24 shrink-0 rounded-full object-cover sm:h-28 sm:w-28"
        />
      ) : (
        <span
          aria-hidden
          className="flex h-24 w-24 shrink-0 items-center justify-center rounded-full bg-accent text-2xl font-semibold text-accent-foreground sm:h-28 sm:w-28"
        >
          {initialsOf(organizer.displayName)}
        </span>
      )}
      <div className="min-w-48 flex-1 break-words hyphens-auto">
        <h3 className="text-lg font-semibold">{organizer.displayName}</h3>
        {organizer.bio && <p className="mt-2 text-sm text-muted-foreground">{organizer.bio}</p>}
        {/* docs/product/feedback.md#featured */}
        <OrganizerFeedback organizerId={organizer.id} name={organizer.displayName} />
      </div>
    </li>
  );
}
