import type { Db } from '../../db/types';
import type { MailContext } from '../mail/templates/mail-context';

export interface MinimumAttendanceRound {
  /** Admin warnings written (two days before the decision time). */
  warned: number;
  /** Events that reached their decision time and take place. */
  held: number;
  /** Events cancelled for too few participants. */
  cancelled: number;
}

/**
 * One round of the minimum-attendance decisions (docs/product/event-mails.md#minimum-attendance).
 * TODO(helper): implement.
 */
export async function runMinimumAttendance(
  _db: Db,
  _options: { now: Date; mail: MailContext; sendRefunds: (refundIds: string[]) => Promise<void> },
): Promise<MinimumAttendanceRound> {
  return { warned: 0, held: 0, cancelled: 0 };
}
