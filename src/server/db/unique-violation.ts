/**
 * A unique violation (SQLSTATE 23505) from either driver; Drizzle wraps the driver's error in `cause`. With a
 * constraint name, only a violation of that constraint counts.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (const candidate of [error, (error as { cause?: unknown } | null)?.cause]) {
    const found = candidate as { code?: unknown; constraint?: unknown; message?: unknown } | null;
    if (found?.code !== '23505') continue;
    if (!constraint) return true;
    if (found.constraint === constraint || String(found.message).includes(constraint)) return true;
  }
  return false;
}
