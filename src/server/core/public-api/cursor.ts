import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { API_V1_MESSAGES, type Page } from '@shared/api-v1';
import { AppError } from '../app-error';

// Cursor pagination (docs/product/api.md#pagination): a list is sorted by a unique key (a time and the id, or
// the ticket number); the cursor is the base64url JSON of the last item's key, opaque to clients. A page
// continues strictly after it, so items added or removed meanwhile never shift the pages, never repeat one
// and never skip one that was there all along.

/** The sort key of the last item, as the cursor carries it. */
export type CursorKey = string[];

export const encodeCursor = (key: CursorKey) => Buffer.from(JSON.stringify(key)).toString('base64url');

/** The key in a cursor, checked to be `parts` strings (and each a valid time or id where asked). */
export function decodeCursor(
  cursor: string | undefined,
  parts: ('time' | 'uuid' | 'text')[],
): CursorKey | null {
  if (cursor === undefined || cursor === '') return null;
  const invalid = new AppError('validation_failed', API_V1_MESSAGES.cursor, [
    { path: 'cursor', message: API_V1_MESSAGES.cursor },
  ]);
  let key: unknown;
  try {
    key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid;
  }
  if (!Array.isArray(key) || key.length !== parts.length) throw invalid;
  const valid = parts.every((kind, index) => {
    const value: unknown = key[index];
    if (typeof value !== 'string' || value.length > 100) return false;
    if (kind === 'time') return !Number.isNaN(Date.parse(value));
    if (kind === 'uuid') return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
    return true;
  });
  if (!valid) throw invalid;
  return key as CursorKey;
}

/**
 * The page of `rows` fetched with `limit + 1`: the extra row only says that there is more, and the cursor
 * names the last row shown.
 */
export function pageOf<Row, Item>(
  rows: Row[],
  limit: number,
  keyOf: (row: Row) => CursorKey,
  toItem: (row: Row) => Item,
): Page<Item> {
  const shown = rows.slice(0, limit);
  const last = shown[shown.length - 1];
  return {
    data: shown.map(toItem),
    next_cursor: rows.length > limit && last !== undefined ? encodeCursor(keyOf(last)) : null,
  };
}

/**
 * A timestamp as a cursor part, with its microseconds (PostgreSQL keeps them; a JS Date would cut them to
 * milliseconds and the next page would repeat rows): ISO text in UTC, read back with `::timestamptz`.
 */
export const microsKey = (column: AnyColumn | SQL) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
