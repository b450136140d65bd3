import { createHmac, timingSafeEqual } from 'node:crypto';
import { feedbackSurveyPath } from '@shared/feedback';

// The survey link of a ticket (docs/product/feedback.md#link, decision 065): `{ticketId}_{HMAC}` signed with
// APP_SECRET like the newsletter's unsubscribe link (core/newsletter/newsletter-tokens.ts). Nothing is stored;
// the same link works in every mail, nobody can make one for another ticket, and once per ticket is kept by
// the unique index on feedback_answers.ticket_id. No dot in it: a path with a dot is a file to the client
// routes (http/routes/client.ts), which would answer the page with a plain 404.

const signature = (secret: string, ticketId: string) =>
  createHmac('sha256', secret).update(`feedback-survey:${ticketId}`).digest('base64url');

export const feedbackTokenFor = (secret: string, ticketId: string) =>
  `${ticketId}_${signature(secret, ticketId)}`;

/** The ticket id of a genuine survey token (constant-time check), else null. */
export function ticketIdOfFeedbackToken(secret: string, token: string): string | null {
  const match = /^([0-9a-f-]{36})_([A-Za-z0-9_-]{43})$/.exec(token.trim());
  if (!match) return null;
  const expected = Buffer.from(signature(secret, match[1]!));
  const actual = Buffer.from(match[2]!);
  return expected.length === actual.length && timingSafeEqual(expected, actual) ? match[1]! : null;
}

/**
 * What makes the `{feedback_link}` of a ticket's mail (core/event-mails/event-mail.ts): the absolute link to
 * its survey page.
 */
export function feedbackLinks(config: {
  appSecret: string;
  publicUrl: string;
}): (ticketId: string) => string {
  const base = config.publicUrl.replace(/\/+$/, '');
  return (ticketId) => `${base}${feedbackSurveyPath(feedbackTokenFor(config.appSecret, ticketId))}`;
}

/** The link a preview shows: it looks like one but answers nothing, so no preview opens a person's survey. */
export const sampleFeedbackLink = (publicUrl: string) =>
  `${publicUrl.replace(/\/+$/, '')}${feedbackSurveyPath('beispiel')}`;
