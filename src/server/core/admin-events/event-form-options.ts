import { asc, desc, inArray, sql } from 'drizzle-orm';
import type { EventFormOptions } from '@shared/admin-events';
import type { Db } from '../../db/client';
import { cancellationPolicies, profiles } from '../../db/schema';

/**
 * The choices of the event form: admins and organizers for 'Veranstalter' (spec admin §6 'list admin
 * profiles'; organizers are the ones assigned to events), and the cancellation policies, newest first as the
 * settings screen lists them (spec admin §7), inactive ones marked.
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
