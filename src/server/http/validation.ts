import type { Context } from 'hono';
import { ZodError, type z } from 'zod';
import { AppError, GERMAN_DEFAULT_MESSAGES } from '../core/app-error';

/**
 * The top-level message of a 422 `validation_failed` answer; every problem is in `details` either way.
 * 'first-problem': the first problem's German text, which a form shows as is (profile, admin screens).
 * 'general': 'Bitte Eingaben prüfen.', for clients that show the details at their fields (checkout,
 * sign-in, newsletter), and for a zod error no validator caught (errors.ts).
 */
export type ValidationMessage = 'first-problem' | 'general';

/** The one mapping of a zod error to the 422 `validation_failed` AppError, with all problems in `details`. */
export function validationFailed(error: ZodError, message: ValidationMessage = 'general'): AppError {
  const details = error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
  const text = message === 'first-problem' ? details[0]?.message : undefined;
  return new AppError('validation_failed', text ?? GERMAN_DEFAULT_MESSAGES.validation_failed, details);
}

/** Validates a path parameter, the query or any other value with a zod schema; bad input becomes a 422. */
export function validInput<T extends z.ZodType>(
  schema: T,
  value: unknown,
  message: ValidationMessage = 'first-problem',
): z.infer<T> {
  try {
    return schema.parse(value);
  } catch (error) {
    if (error instanceof ZodError) throw validationFailed(error, message);
    throw error;
  }
}

/** Validates the JSON body (parsed once by json-body.ts) with a shared zod schema; bad input becomes a 422. */
export const validBody = <T extends z.ZodType>(
  c: Context,
  schema: T,
  message: ValidationMessage = 'first-problem',
): z.infer<T> => validInput(schema, c.get('json') ?? {}, message);
