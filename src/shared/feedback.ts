import { z } from 'zod';
import { FEEDBACK_MESSAGES, FEEDBACK_TEXT_MAX } from './feedback-texts';

// The survey 'Wie war's?' after an event (docs/product/feedback.md, decision 065): the requests' schemas; the
// texts, answers and types are in feedback-texts.ts (no zod), re-exported here.
export * from './feedback-texts';

const answerText = z
  .string(FEEDBACK_MESSAGES.text)
  .trim()
  .max(FEEDBACK_TEXT_MAX, FEEDBACK_MESSAGES.text)
  .default('');

/** POST /api/feedback/survey/:token: one answer per ticket. */
export const feedbackAnswerSchema = z.object({
  stars: z
    .number(FEEDBACK_MESSAGES.stars)
    .int(FEEDBACK_MESSAGES.stars)
    .min(1, FEEDBACK_MESSAGES.stars)
    .max(5, FEEDBACK_MESSAGES.stars),
  /** 'Was war gut?' */
  good: answerText,
  /** 'Was könnte besser sein?' */
  better: answerText,
  /** 'Darf die Bewertung anonym auf der Website erscheinen?' */
  publishConsent: z.boolean(FEEDBACK_MESSAGES.consent),
});
export type FeedbackAnswerInput = z.input<typeof feedbackAnswerSchema>;
export type FeedbackAnswerData = z.output<typeof feedbackAnswerSchema>;

/** PUT /api/feedback/events/:eventId/settings */
export const feedbackSettingsSchema = z.object({ enabled: z.boolean() });

/** PUT /api/feedback/events/:eventId/answers/:answerId/featured */
export const feedbackFeatureSchema = z.object({ featured: z.boolean() });
