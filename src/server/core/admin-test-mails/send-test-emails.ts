import type { EmailTestResponse, EmailTestType } from '@shared/admin-test-mails';
import { EMAIL_TEST_TYPES } from '@shared/admin-test-mails';
import { DEFAULT_OFFER_HOURS, offerCheckoutPath, offerEnd } from '@shared/waitlist';
import type { OutgoingMail } from '../../adapters/mail/mail-transport';
import { adminCancellationIssueMail } from '../mail/templates/admin-cancellation-issue';
import { bookingConfirmationMail } from '../mail/templates/booking-confirmation';
import type { MailEvent } from '../mail/templates/booking-mail-parts';
import { eventUpdateMail } from '../mail/templates/event-update';
import type { MailContent, MailContext } from '../mail/templates/mail-context';
import { organizerBookingMail } from '../mail/templates/organizer-booking';
import { ticketCancelledMail } from '../mail/templates/ticket-cancelled';
import { ticketReceivedMail, ticketTransferredMail } from '../mail/templates/ticket-transferred';
import { waitlistOfferMail } from '../mail/templates/waitlist-offer';
import { SAMPLE_ID, sampleTicket } from '../tickets/sample-ticket';
import { renderTicketsPdf } from '../tickets/ticket-document';
import { mailContextOf, type UseCaseDeps } from '../use-case-deps';

const DAY = 24 * 60 * 60_000;

/** A believable sample event two weeks ahead, 10:00–17:00 Berlin time. */
function sampleEvent(now: Date): MailEvent {
  const start = new Date(now.getTime() + 14 * DAY);
  start.setUTCHours(9, 0, 0, 0);
  return {
    title: 'Beispiel-Workshop: Achtsam kommunizieren',
    slug: 'beispiel-workshop',
    startTime: start,
    endTime: new Date(start.getTime() + 7 * 60 * 60_000),
    timezone: 'Europe/Berlin',
    location: 'Hamburg',
    venue: 'Seminarhaus am See',
    mode: 'presence',
  };
}

/** The ticket PDF a mail with tickets carries, for one sample ticket with the given holder and code. */
function samplePdf(context: MailContext, event: MailEvent, ticket: { holderName: string; code: string }) {
  return renderTicketsPdf([
    sampleTicket({
      event: { ...event, priceUnit: 'per_person' }, // a presence event: no access link either way
      ticketNumber: `WR-TEST-0000000000-${ticket.code}`,
      code: ticket.code,
      holderName: ticket.holderName,
      isTest: true,
      siteName: context.siteName,
    }),
  ]);
}

async function sampleMail(
  type: EmailTestType,
  context: MailContext,
  now: Date,
): Promise<MailContent & { attachments?: OutgoingMail['attachments'] }> {
  const event = sampleEvent(now);
  const holderName = 'Erika Mustermann';
  const substituteName = 'Lea Sommer';
  const orderNumber = 'WR-MUSTER';
  switch (type) {
    case 'booking-confirmation': {
      const pdf = await samplePdf(context, event, { holderName, code: '1234' });
      return {
        ...bookingConfirmationMail({
          context,
          event,
          orderNumber,
          holderName,
          quantity: 1,
          totalAmountCents: 4900,
          currency: 'EUR',
          ticketCodes: ['1234'],
          isTest: false,
          onlineUrl: null,
        }),
        attachments: [{ filename: 'ticket-1234.pdf', contentType: 'application/pdf', content: pdf }],
      };
    }
    case 'cancellation-confirmation':
      return ticketCancelledMail({
        context,
        event,
        orderNumber,
        holderName,
        ticketCode: '1234',
        refundCents: 3430,
        currency: 'EUR',
        byShop: false,
      });
    case 'event-updates':
      return eventUpdateMail({
        context,
        orderNumber,
        holderName,
        before: event,
        after: {
          ...event,
          startTime: new Date(event.startTime.getTime() + DAY),
          endTime: new Date(event.endTime.getTime() + DAY),
        },
      });
    case 'organizer-booking-paid':
    case 'organizer-booking-cancelled':
      return organizerBookingMail({
        context,
        kind: type === 'organizer-booking-paid' ? 'paid' : 'cancelled',
        event,
        orderNumber,
        organizerName: 'Miriam',
        buyerName: holderName,
        buyerEmail: 'erika@example.org',
        quantity: 1,
        amountCents: 4900,
        currency: 'EUR',
        availableSeats: 11,
        totalSeats: 20,
        isTest: false,
      });
    case 'admin-cancellation-issue':
      return adminCancellationIssueMail({
        context,
        eventTitle: event.title,
        bookingId: SAMPLE_ID,
        orderNumber,
        buyerEmail: 'erika@example.org',
        amountCents: 4900,
        currency: 'EUR',
        problem: 'Beispiel: Der Zahlungsanbieter war nicht erreichbar.',
      });
    case 'waitlist-offer':
      return waitlistOfferMail({
        context,
        event,
        name: holderName,
        checkoutUrl: `${context.publicUrl}${offerCheckoutPath(SAMPLE_ID, SAMPLE_ID)}`,
        offerExpiresAt: offerEnd(now, event.startTime, DEFAULT_OFFER_HOURS),
      });
    case 'ticket-received': {
      const pdf = await samplePdf(context, event, { holderName: substituteName, code: '5678' });
      return {
        ...ticketReceivedMail({
          context,
          event,
          orderNumber,
          holderName: substituteName,
          fromName: holderName,
          ticketCode: '5678',
          onlineUrl: null,
          isTest: false,
        }),
        attachments: [{ filename: 'ticket-5678.pdf', contentType: 'application/pdf', content: pdf }],
      };
    }
    case 'ticket-transferred':
      return ticketTransferredMail({
        context,
        event,
        orderNumber,
        greetingName: holderName,
        toName: substituteName,
        toEmail: 'lea@example.org',
        oldTicketCode: '1234',
        isBuyer: true,
      });
  }
}

/**
 * The e-mail tests (docs/product/admin.md#email-tests): renders each requested type with sample data through
 * the real templates and sends it at once, past the outbox, reporting per type whether the mail transport
 * accepted it.
 */
export async function sendTestEmails(
  deps: Pick<UseCaseDeps, 'settings' | 'config' | 'outbox'>,
  options: { type: EmailTestType | 'all'; to: string; now?: Date },
): Promise<EmailTestResponse> {
  const { type, to, now = new Date() } = options;
  const context = await mailContextOf(deps);
  const types = type === 'all' ? [...EMAIL_TEST_TYPES] : [type];
  const results = [];
  for (const each of types) {
    try {
      const mail = await sampleMail(each, context, now);
      await deps.outbox.sendNow({ to, ...mail, subject: `[Test] ${mail.subject}` });
      results.push({ type: each, success: true, message: 'Gesendet' });
    } catch (error) {
      results.push({
        type: each,
        success: false,
        message: error instanceof Error ? error.message : 'Unbekannter Fehler',
      });
    }
  }
  return { ok: results.every((r) => r.success), results };
}
