// The survey 'Wie war's?' after an event (docs/product/feedback.md, decision 065): the answers, the results the
// organizer and admin read, the comments of the public pages, and their German texts. Free of zod, so that the
// series page's and the home page's own code stays small; the requests' schemas are in feedback.ts.

/** The page a participant answers on: `/feedback/{token}`, token = ticket id + HMAC (no sign-in). */
export const feedbackSurveyPath = (token: string) => `/feedback/${encodeURIComponent(token)}`;

/** How long after the event's end a survey link takes answers (docs/product/feedback.md#survey). */
export const FEEDBACK_OPEN_DAYS = 90;

/** The longest text per question. */
export const FEEDBACK_TEXT_MAX = 2000;

/** How many featured comments the public pages show at most per organizer or series. */
export const FEATURED_FEEDBACK_LIMIT = 6;

export const FEEDBACK_MESSAGES = {
  stars: 'Bitte wähle 1 bis 5 Sterne.',
  text: `Bitte schreib höchstens ${FEEDBACK_TEXT_MAX.toLocaleString('de-DE')} Zeichen.`,
  consent: 'Bitte sag uns, ob deine Bewertung anonym auf der Website erscheinen darf.',
  invalidLink: 'Dieser Feedback-Link ist ungültig. Bitte nimm den Link aus deiner E-Mail.',
  ticketGone: 'Zu diesem Link gibt es kein Ticket mehr. Deshalb kann hier keine Bewertung abgegeben werden.',
  accountDeleted:
    'Das Konto zu diesem Ticket wurde gelöscht. Deshalb kann hier keine Bewertung mehr abgegeben werden.',
  ticketCancelled: 'Dieses Ticket wurde storniert. Bewerten können nur Teilnehmende mit gültigem Ticket.',
  surveyOff: 'Für diese Veranstaltung gibt es keine Umfrage.',
  eventCancelled: 'Diese Veranstaltung wurde abgesagt. Deshalb gibt es keine Umfrage.',
  notYet: 'Die Umfrage öffnet nach dem Ende der Veranstaltung.',
  closed: `Die Umfrage ist geschlossen: Antworten sind bis ${FEEDBACK_OPEN_DAYS} Tage nach der Veranstaltung möglich.`,
  alreadyAnswered: 'Zu diesem Ticket gibt es schon eine Bewertung. Danke dafür!',
  thanks: 'Danke für deine Bewertung!',
  eventNotFound: 'Event nicht gefunden',
  answerNotFound: 'Diese Antwort gibt es nicht.',
  featureNeedsConsent:
    'Diese Antwort darf nicht auf der Website erscheinen: Die Person hat nicht zugestimmt.',
  featureNeedsText: 'Diese Antwort hat keinen Text unter „Was war gut?“, den die Website zeigen könnte.',
  switchedOn: 'Die Umfrage ist eingeschaltet. Die E-Mail „Wie war’s?“ geht am Tag nach dem Event raus.',
  switchedOff: 'Die Umfrage ist ausgeschaltet.',
  featured: 'Die Antwort erscheint jetzt auf der Website.',
  unfeatured: 'Die Antwort erscheint nicht mehr auf der Website.',
} as const;

/** The questions as the survey page and the CSV name them. */
export const FEEDBACK_QUESTIONS = {
  stars: 'Wie war’s?',
  good: 'Was war gut?',
  better: 'Was könnte besser sein?',
  publishConsent: 'Darf die Bewertung anonym auf der Website erscheinen?',
} as const;

/**
 * GET /api/feedback/survey/:token: the event the link is for and whether it takes an answer. A link that no
 * longer works answers with an error instead (its message says why).
 */
export interface FeedbackSurvey {
  eventTitle: string;
  startTime: string;
  endTime: string;
  timezone: string;
  /** First name of the person on the ticket, for the greeting ('' when unknown). */
  firstName: string;
  /** 'open': the form; 'answered': this ticket's answer is in. */
  state: 'open' | 'answered';
}

/** One answer in the results (the person is not named: the survey is about the event). */
export interface FeedbackAnswer {
  id: string;
  stars: number;
  good: string;
  better: string;
  publishConsent: boolean;
  featured: boolean;
  submittedAt: string;
}

/** GET /api/feedback/events/:eventId: the switch and the results, for admins and the event's organizers. */
export interface FeedbackResults {
  eventId: string;
  eventTitle: string;
  eventSlug: string;
  startTime: string;
  endTime: string;
  timezone: string;
  enabled: boolean;
  /** Answers in; the average of their stars (null without answers), one decimal. */
  count: number;
  average: number | null;
  /** Answers per star, index 0 = 1 star … index 4 = 5 stars. */
  distribution: [number, number, number, number, number];
  /** Tickets the survey may reach (active tickets), for 'x von y haben geantwortet'. */
  reachable: number;
  /** Newest first. */
  answers: FeedbackAnswer[];
}

/** A comment shown on the public pages: anonymous, with its event. */
export interface FeaturedFeedback {
  id: string;
  stars: number;
  text: string;
  eventTitle: string;
  startTime: string;
  timezone: string;
  /** The organizers of its event (for 'Wer wir sind'), and its series (for the series page). */
  organizerIds: string[];
  seriesSlug: string | null;
}

/** GET /api/feedback/featured */
export interface FeaturedFeedbackList {
  comments: FeaturedFeedback[];
}

/** The CSV's file name: 'feedback-{slug}.csv'. */
export const feedbackCsvFileName = (slug: string) => `feedback-${slug}.csv`;

/** '4,3' */
export const formatAverage = (average: number) => average.toFixed(1).replace('.', ',');

/** '★★★★☆' for screen readers' neighbours; the label says the number. */
export const starsText = (stars: number) => '★'.repeat(stars) + '☆'.repeat(5 - stars);

/** A participant message that carries `{feedback_link}` while the event's survey is off is refused. */
export const FEEDBACK_LINK_NEEDS_SURVEY =
  'Die Umfrage dieses Events ist ausgeschaltet: Schalte sie unter „Feedback“ ein, bevor du {feedback_link} verschickst.';
