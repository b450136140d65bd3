import type { FieldIssue } from '@shared/admin-events';
import { ApiError } from '@web/lib/api-client';
import { errorsFromIssues, type EventFormErrors } from './event-form-values';

const isIssueList = (value: unknown): value is FieldIssue[] =>
  Array.isArray(value) &&
  value.every((entry) => typeof entry?.path === 'string' && typeof entry?.message === 'string');

/**
 * The inline messages of a refused save (422/409 with field details), or null when none name a field.
 * `singleCategory`: the form shows one category's prices at the event's price fields.
 */
export function formErrorsOf(error: unknown, singleCategory = true): EventFormErrors | null {
  if (!(error instanceof ApiError) || !isIssueList(error.details)) return null;
  const errors = errorsFromIssues(error.details, singleCategory);
  return Object.keys(errors).length > 0 ? errors : null;
}

/** The failure toast and, when the server said why, its German reason. */
export function failureText(prefix: string, error: unknown): string {
  if (!(error instanceof ApiError) || error.code === 'unknown') return prefix;
  // the event itself was saved, only the follow-up (refunds) failed: the server's text says exactly that
  if (savedAnyway(error)) return error.message;
  return `${prefix} ${error.message}`;
}

/** A refusal that came after the event's own change was committed (update-admin-event.ts, refundAll). */
export const savedAnyway = (error: unknown) =>
  error instanceof ApiError && (error.details as { eventSaved?: unknown } | undefined)?.eventSaved === true;
