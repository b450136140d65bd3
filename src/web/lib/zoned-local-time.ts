// Wall times of a time zone as the datetime-local inputs of the admin's forms want them, and back to instants
// (without a date library: the admin's first download stays small).
import { zonedParts } from '@shared/event-rules';

const LOCAL_PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** The instant's wall time in `timeZone`, as a datetime-local input wants it. */
export function isoToZonedLocal(iso: string, timeZone: string): string {
  const p = zonedParts(new Date(iso), timeZone);
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`;
}

/**
 * A wall time of `timeZone` ('2026-03-29T10:00') as an ISO instant, without a date library. The zone's
 * offsets a day before and after are tried: a time that occurs twice (autumn) takes the earlier instant, a
 * time that does not exist (inside the spring gap) moves forward by the gap. null when malformed.
 */
export function zonedLocalToIso(local: string, timeZone: string): string | null {
  const match = LOCAL_PATTERN.exec(local);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1, 6).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  const check = new Date(wall);
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || hour > 23 || minute > 59)
    return null;
  const wallAt = (instant: number) => {
    const p = zonedParts(new Date(instant), timeZone);
    return Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute, +p.second);
  };
  const offsetAt = (instant: number) => wallAt(instant) - instant;
  const before = wall - offsetAt(wall - DAY_MS);
  const after = wall - offsetAt(wall + DAY_MS);
  const exact = [before, after].filter((instant) => wallAt(instant) === wall);
  return new Date(exact.length > 0 ? Math.min(...exact) : before).toISOString();
}

const DAY_MS = 86_400_000;
