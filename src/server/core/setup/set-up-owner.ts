import { enforceRateLimits } from '../auth/rate-limit';
import { enqueueMail } from '../mail/enqueue-mail';
import { adminCreatedMail } from '../mail/templates/admin-created';
import { mailContextOf, type UseCaseDeps } from '../use-case-deps';
import { createOwner } from './create-owner';

/**
 * The owner setup page: at most 10 tries per client in 10 minutes, then createOwner writes the first admin
 * and the welcome mail in one transaction, and the outbox is woken after the commit
 * (docs/product/admin.md#owner-setup).
 */
export async function setUpOwner(
  deps: Pick<UseCaseDeps, 'database' | 'settings' | 'config' | 'outbox'>,
  input: { email: string; fullName?: string; token: string; clientIp: string },
): Promise<void> {
  const { db } = deps.database;
  await enforceRateLimits(db, [{ key: `setup:client:${input.clientIp}`, max: 10, windowSeconds: 600 }]);
  const context = await mailContextOf(deps);
  await createOwner(
    db,
    deps.config.appSecret,
    { email: input.email, fullName: input.fullName, token: input.token },
    (tx, owner) =>
      enqueueMail(tx, {
        to: owner.email,
        ...adminCreatedMail({ context, email: owner.email, name: input.fullName ?? '' }),
      }).then(() => undefined),
  );
  deps.outbox.kick();
}
