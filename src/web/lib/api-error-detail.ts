import { ApiError } from '@web/lib/api-client';

/** Our German message of a JSON error answer, for a toast's second line; nothing for other failures. */
export const apiErrorDetail = (error: unknown) =>
  error instanceof ApiError && error.status > 0 && error.code !== 'unknown' ? error.message : undefined;
