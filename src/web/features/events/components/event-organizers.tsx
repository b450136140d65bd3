import { initialsOf } from '@shared/initials';
import type { PublicOrganizer } from '@shared/events';

/** The organizers of one event, on its page (docs/product/admin.md#public-organizers). */
export function EventOrganizers({ organizers }: { organizers: PublicOrganizer[] }) {
  if (organizers.length === 0) return null;
  return (
    <section aria-labelledby="organizers-heading" className="mt-8">
      <h2 id="organizers-heading" className="text-lg font-semibold">
        Leitung
      </h2>
      <ul className="mt-3 flex flex-wrap gap-4">
        {organizers.map((organizer) => {
          const picture = organizer.avatarUrl ?? organizer.portraitUrl;
          return (
            <li key={organizer.id} className="flex items-center gap-3">
              {picture ? (
                <img
                  src={picture}
                  alt=""
                  width={48}
                  height={48}
                  loading="lazy"
                  className="h-12 w-12 rounded-full object-cover"
                />
              ) : (
                <span
                  aria-hidden
                  className="flex h-12 w-12 items-center justify-center rounded-full bg-accent font-semibold text-accent-foreground"
                >
                  {initialsOf(organizer.displayName)}
                </span>
              )}
              <span className="font-medium">{organizer.displayName}</span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
