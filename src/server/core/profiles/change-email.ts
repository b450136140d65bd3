import { enforceRateLimits } from '../auth/rate-limit';
import { mailContextOf, type UseCaseDeps } from '../use-case-deps';
import { confirmEmailChange } from './confirm-email-change';
import { requestEmailChange } from './request-email-change';

/**
 * The profile's 'E-Mail ändern': each request mails an address the caller chose, so it is limited like the
 * sign-in mails (docs/product/accounts-and-consent.md#email-change); the outbox is woken after the commit.
 */
export async function changeEmail(
  deps: Pick<UseCaseDeps, 'database' | 'settings' | 'config' | 'outbox'>,
  input: { userId: string; email: string },
): Promise<{ pending: boolean }> {
  const { db } = deps.database;
  await enforceRateLimits(db, [{ key: `email-change:user:${input.userId}`, max: 5, windowSeconds: 3600 }]);
  const { pending } = await requestEmailChange({
    db,
    userId: input.userId,
    newEmail: input.email,
    mailContext: await mailContextOf(deps),
  });
  if (pending) deps.outbox.kick();
  return { pending };
}

/** The link of the change mail, opened signed out or in another browser: the token alone proves it. */
export async function openEmailChangeLink(
  deps: Pick<UseCaseDeps, 'database'>,
  input: { token: string; clientIp: string },
): Promise<{ userId: string; email: string }> {
  const { db } = deps.database;
  await enforceRateLimits(db, [
    { key: `email-change-confirm:client:${input.clientIp}`, max: 30, windowSeconds: 600 },
  ]);
  return confirmEmailChange({ db, token: input.token });
}
