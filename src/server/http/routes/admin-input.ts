import type { Context } from 'hono';
import { ZodError, type z } from 'zod';
import { AppError } from '../../core/app-error';

/**
 * Like bodyOf / schema.parse, but the answer's message is the first problem's German text, so the admin
 * screens can show it as is (a 422 with all problems in `details`).
 */
export function validInput<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  try {
    return schema.parse(value);
  } catch (error) {
    if (!(error instanceof ZodError)) throw error;
    const details = error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
    throw new AppError('validation_failed', details[0]?.message ?? 'Bitte Eingaben prüfen.', details);
  }
}

export const validBody = <T extends z.ZodType>(c: Context, schema: T): z.infer<T> =>
  validInput(schema, c.get('json') ?? {});
