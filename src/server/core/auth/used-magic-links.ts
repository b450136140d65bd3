import { createHash, randomUUID } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/types';
import { verification } from '../../db/schema';
import { MAGIC_LINK_MINUTES_VALID } from './auth';

// better-auth deletes a magic link's row when it is used, so a second click looks like a link that never
// existed. To answer 'already used' (docs/product/accounts-and-consent.md#magic-link-handler), a used link
// leaves a marker in `verification`: the token's hash only (no secret is kept), for as long as a fresh link
// is valid; better-auth's own cleanup of expired `verification` rows removes it afterwards.

const identifierOf = (token: string) =>
  `magic-link-used:${createHash('sha256').update(token).digest('base64url')}`;

export async function rememberUsedMagicLink(db: Db, token: string, now = new Date()): Promise<void> {
  // a token is consumed once, so there is one marker per used link
  await db.insert(verification).values({
    id: randomUUID(),
    identifier: identifierOf(token),
    value: 'used',
    expiresAt: new Date(now.getTime() + MAGIC_LINK_MINUTES_VALID * 60_000),
  });
}

export async function wasMagicLinkUsed(db: Db, token: string, now = new Date()): Promise<boolean> {
  const rows = await db
    .select({ id: verification.id })
    .from(verification)
    .where(and(eq(verification.identifier, identifierOf(token)), gt(verification.expiresAt, now)))
    .limit(1);
  return rows.length > 0;
}
