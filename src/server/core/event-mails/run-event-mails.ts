import { mailContextFrom } from '../mail/templates/mail-context';
import type { UseCaseDeps } from '../use-case-deps';
import { mailSignatureOf } from './mail-signature';
import { runMinimumAttendance } from './minimum-attendance';
import { runMailRules } from './run-mail-rules';
import { feedbackLinks } from '../feedback/feedback-token';
import { issuerOf } from '../certificates/certificate-document';

/**
 * The event-mail job's round (docs/product/event-mails.md): the scheduled rules that are due
 * (docs/product/event-mails.md#exactly-once) and the minimum-attendance decisions
 * (docs/product/event-mails.md#minimum-attendance), written with the saved settings and the sender's signature;
 * the refunds of cancelled events go to the provider after each ticket's commit, and the outbox is woken for the
 * mails. Answers how many mails and decisions the round made.
 */
export async function runEventMails(
  deps: Pick<UseCaseDeps, 'database' | 'settings' | 'config' | 'outbox' | 'payments' | 'logger'>,
  now: Date,
): Promise<number> {
  const { db } = deps.database;
  const saved = await deps.settings.get();
  const mail = mailContextFrom(saved, deps.config);
  const sent = await runMailRules(db, {
    now,
    mail,
    signature: mailSignatureOf(saved),
    // the certificates' issuer: the operator (docs/product/certificates.md#document)
    issuer: issuerOf(saved),
    feedbackLink: feedbackLinks(deps.config),
  });
  const decided = await runMinimumAttendance(db, {
    now,
    mail,
    sendRefunds: (refundIds) => deps.payments.sendRefunds(refundIds),
  });
  const total = sent + decided.warned + decided.held + decided.cancelled;
  if (sent > 0) deps.logger.info({ sent }, 'scheduled event mails written');
  if (decided.cancelled + decided.held + decided.warned > 0) deps.logger.info(decided, 'minimum attendance');
  if (total > 0) deps.outbox.kick();
  return total;
}
