import { SETTINGS_MESSAGES } from '@shared/admin-settings';
import { ApiError } from '@web/lib/api-client';
import { messageOf } from '@web/features/admin/kit/admin-errors';

// The settings cards that check their fields before saving (docs/decisions/053-form-primitives.md) read a refusal
// the same way, whether zod found it in the browser or the server answered 422 with the same schema's issues.

export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

/** The first message per field: zod's issues in the browser, a 422's details from the server. */
export function fieldErrorsOf<Field extends string>(
  issues: readonly { path?: unknown; message?: unknown }[],
): FieldErrors<Field> {
  const errors: FieldErrors<Field> = {};
  for (const issue of issues) {
    const field = String(Array.isArray(issue.path) ? issue.path[0] : issue.path) as Field;
    if (typeof issue.message === 'string') errors[field] ??= issue.message;
  }
  return errors;
}

/** A failed save: the server's German message and, for a 422, its field errors. */
export function refusalOf<Field extends string>(
  failure: unknown,
): { errors: FieldErrors<Field>; message: string } {
  const details = failure instanceof ApiError && Array.isArray(failure.details) ? failure.details : [];
  return {
    errors: fieldErrorsOf<Field>(details as { path?: unknown; message?: unknown }[]),
    message: messageOf(failure, SETTINGS_MESSAGES.saveFailed),
  };
}
