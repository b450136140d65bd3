/**
 * Every API error has this shape: a stable code and a German message
 * (docs/architecture.md#a-typical-api-call).
 */
export interface ApiErrorBody {
  error: { code: string; message: string; details?: unknown };
}

export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  const error = (value as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  return typeof error?.code === 'string' && typeof error.message === 'string';
}
