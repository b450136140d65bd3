import { sql } from 'drizzle-orm';
import type { Db } from '../../db/types';
import { AppError } from '../app-error';

export interface RateLimitRule {
  /** e.g. `code-send:email:anna@example.org` */
  key: string;
  max: number;
  windowSeconds: number;
}

/**
 * Counts one hit against each rule (fixed windows in `rate_limits`, one atomic upsert per rule) and throws
 * a 429 AppError with the seconds to wait when any rule is exceeded.
 */
export async function enforceRateLimits(db: Db, rules: RateLimitRule[]): Promise<void> {
  let waitSeconds = 0;
  for (const rule of rules) {
    const result = await db.execute<{ count: number; retry: number }>(sql`
      insert into rate_limits (key, count, reset_at)
      values (${rule.key}, 1, now() + make_interval(secs => ${rule.windowSeconds}))
      on conflict (key) do update set
        count = case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end,
        reset_at = case when rate_limits.reset_at <= now()
          then now() + make_interval(secs => ${rule.windowSeconds}) else rate_limits.reset_at end
      returning count, ceil(extract(epoch from reset_at - now()))::int as retry`);
    const row = result.rows[0];
    if (row && Number(row.count) > rule.max) waitSeconds = Math.max(waitSeconds, Number(row.retry), 1);
  }
  if (waitSeconds > 0) {
    throw new AppError('rate_limited', `Zu viele Anfragen. Bitte warte ${waitSeconds} Sekunden.`, {
      retryAfterSeconds: waitSeconds,
    });
  }
}
