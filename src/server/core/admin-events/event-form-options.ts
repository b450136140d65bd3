import { asc, desc, inArray, sql } from 'drizzle-orm';
import type { EventFormOptions } from '@shared/admin-events';
import type { Db } from '../../db/types';
import { cancellationPolicies, profiles } from '../../db/schema';

/**
 * The choices of the event form: admins and organizers for 'Veranstalter' (organizers are the ones assigned
 * to events; docs/product/admin.md#organizer-role), and the cancellation policies, newest first as the
 * settings screen lists them, inactive ones marked (docs/product/admin.md#policies-screen).
 */
export async function loadEventFormOptions(db: Db): Promise<EventFormOptions> {
  const people = await db
    .select({
      id: profiles.id,
      displayName: profiles.displayName,
      fullName: profiles.fullName,
      email: profiles.email,
      role: profiles.role,
    })
    .from(profiles)
    .where(inArray(profiles.role, ['admin', 'organizer']))
    .orderBy(
      asc(
        sql`lower(coalesce(nullif(${profiles.displayName}, ''), nullif(${profiles.fullName}, ''), ${profiles.email}))`,
      ),
    );
  const policies = await db
    .select({
      id: cancellationPolicies.id,
      name: cancellationPolicies.name,
      isActive: cancellationPolicies.isActive,
    })
    .from(cancellationPolicies)
    .orderBy(desc(cancellationPolicies.updatedAt), asc(cancellationPolicies.id));
  return {
    organizers: people.map((person) => ({
      id: person.id,
      name: person.displayName?.trim() || person.fullName?.trim() || person.email,
      email: person.email,
      role: person.role === 'admin' ? 'admin' : 'organizer',
    })),
    policies,
  };
}
