import { isCalendarDay } from './calendar-day';
import type { AccessibilityStatement } from './settings';

// The accessibility statement ('Erklärung zur Barrierefreiheit', BFSG § 14 with Annex 3;
// docs/decisions/047-accessibility-statement.md): the operator's part of it, kept in the settings row
// `accessibility` and edited in the card 'Rechtliches & Betreiber'. Read by the page /barrierefreiheit (its own
// chunk), the card and the server's check, so free of zod.

/** Names of the statement's fields in the card (and in the page's placeholders). */
export const ACCESSIBILITY_LABELS = {
  accessibilityConformity: 'Stand der Vereinbarkeit',
  accessibilityKnownGaps: 'Bekannte Einschränkungen',
  accessibilityContactEmail: 'E-Mail für Hinweise auf Barrieren',
  accessibilityAuthority: 'Zuständige Marktüberwachungsbehörde',
  accessibilityReviewedOn: 'Stand der Erklärung',
} as const;

/** How far the shop meets the requirements (EN 301 549 / WCAG 2.1 AA), in the words of the statement. */
export const CONFORMITY_LEVELS = {
  full: { label: 'vollständig konform', sentence: 'vollständig' },
  partial: { label: 'teilweise konform', sentence: 'teilweise' },
  none: { label: 'nicht konform', sentence: 'nicht' },
} as const;
export type ConformityLevel = keyof typeof CONFORMITY_LEVELS;
export const CONFORMITY_KEYS = Object.keys(CONFORMITY_LEVELS) as ConformityLevel[];

export function conformityOf(value: string): ConformityLevel | null {
  return Object.hasOwn(CONFORMITY_LEVELS, value) ? (value as ConformityLevel) : null;
}

/**
 * The market surveillance authority of every German state for services under the BFSG, shown while the
 * operator has entered none: the joint authority of the states, an institution under public law in Magdeburg.
 */
export const DEFAULT_ACCESSIBILITY_AUTHORITY =
  'Marktüberwachungsstelle der Länder für die Barrierefreiheit von Produkten und Dienstleistungen (MLBF)\n' +
  'Anstalt des öffentlichen Rechts mit Sitz in Magdeburg (Sachsen-Anhalt)';

/** Limits of the two texts of several lines. */
export const KNOWN_GAPS_MAX_LINES = 30;
export const KNOWN_GAPS_MAX_CHARS = 4000;
export const AUTHORITY_MAX_LINES = 10;
export const AUTHORITY_MAX_CHARS = 1000;

/** The lines of a text of several lines, trimmed, without empty ones: each known gap is one list item. */
export const textLines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');

/** The statement's day: a stored day 'YYYY-MM-DD' that exists in the calendar, from the year 2000. */
export const isStatementDay = (value: string) => isCalendarDay(value) && Number(value.slice(0, 4)) >= 2000;

/** '28. November 2026' for a stored day. */
export function formatStatementDay(value: string): string {
  return new Intl.DateTimeFormat('de-DE', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${value}T12:00:00Z`));
}

/** What the statement still lacks, for its notice to the operator: the level, the gaps of a partial one, the day. */
export function missingStatementParts(
  statement: AccessibilityStatement,
): ('conformity' | 'knownGaps' | 'reviewedOn')[] {
  const level = conformityOf(statement.conformity);
  const missing: ('conformity' | 'knownGaps' | 'reviewedOn')[] = [];
  if (!level) missing.push('conformity');
  if (level !== 'full' && textLines(statement.knownGaps).length === 0) missing.push('knownGaps');
  if (!isStatementDay(statement.reviewedOn)) missing.push('reviewedOn');
  return missing;
}
