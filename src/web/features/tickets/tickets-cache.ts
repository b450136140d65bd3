import { TICKETS_CACHE_KEY, TICKETS_CACHE_MS, type MyTicket } from '@shared/tickets';
import { readStorage, writeStorage } from '@web/lib/storage';

// The ticket list is cached in session storage for 2 minutes, so a revisit shows the
// tickets at once. The entry names its user: after a sign-out (or another sign-in in the same tab) it is
// ignored and overwritten, never shown to someone else.

interface TicketsCacheEntry {
  savedAt: number;
  userId: string;
  tickets: MyTicket[];
}

/** The cached tickets of this user, or undefined when there are none, they are another user's or too old. */
export function readTicketsCache(userId: string, now = Date.now()): TicketsCacheEntry | undefined {
  const raw = readStorage('session', TICKETS_CACHE_KEY);
  if (!raw) return undefined;
  try {
    const entry = JSON.parse(raw) as Partial<TicketsCacheEntry>;
    const fresh = typeof entry.savedAt === 'number' && now - entry.savedAt < TICKETS_CACHE_MS;
    const valid = fresh && entry.savedAt! <= now && Array.isArray(entry.tickets);
    if (entry.userId === userId && valid) return entry as TicketsCacheEntry;
  } catch {
    // a broken entry counts as none
  }
  return undefined;
}

export function writeTicketsCache(userId: string, tickets: MyTicket[], now = Date.now()): void {
  const entry: TicketsCacheEntry = { savedAt: now, userId, tickets };
  writeStorage('session', TICKETS_CACHE_KEY, JSON.stringify(entry));
}

/** After a cancel or delete the cached list is wrong: drop it. */
export function clearTicketsCache(): void {
  writeStorage('session', TICKETS_CACHE_KEY, null);
}
