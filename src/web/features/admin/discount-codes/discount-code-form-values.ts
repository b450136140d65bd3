// The code form's values (docs/product/ticket-categories.md#codes): what the inputs hold, the request body
// they make, and the messages at the fields from the browser's check (the shared schema) or the server's 422.
// Pure: unit-tested in discount-code-form-values.test.ts.
import {
  discountCodeInputSchema,
  type AdminDiscountCode,
  type DiscountCodeInput,
} from '@shared/discount-code-schemas';
import type { DiscountCodeKind } from '@shared/discount-codes';
import { DEFAULT_EVENT_TIMEZONE } from '@shared/event-rules';
import { isoToZonedLocal, zonedLocalToIso } from '@web/lib/zoned-local-time';
import { ApiError } from '@web/lib/api-client';

export interface DiscountCodeValues {
  code: string;
  kind: DiscountCodeKind;
  /** Percent ('10') or euros ('15,00') as typed; unused for 'unlock'. */
  amount: string;
  eventIds: string[];
  categoryIds: string[];
  maxUses: string;
  maxPerBuyer: string;
  /** datetime-local in Berlin time, or ''. */
  validFrom: string;
  validUntil: string;
  active: boolean;
  note: string;
}

export const CODE_FIELDS = [
  'code',
  'kind',
  'value',
  'eventIds',
  'categoryIds',
  'maxUses',
  'maxPerBuyer',
  'validFrom',
  'validUntil',
  'note',
] as const;
export type CodeField = (typeof CODE_FIELDS)[number];
export type CodeErrors = Partial<Record<CodeField, string>>;

export const EMPTY_CODE_VALUES: DiscountCodeValues = {
  code: '',
  kind: 'percent',
  amount: '10',
  eventIds: [],
  categoryIds: [],
  maxUses: '',
  maxPerBuyer: '',
  validFrom: '',
  validUntil: '',
  active: true,
  note: '',
};

const ZONE = DEFAULT_EVENT_TIMEZONE;
/** The instant's Berlin wall time, as a datetime-local input wants it. */
export const isoToLocal = (iso: string) => isoToZonedLocal(iso, ZONE);

/** A Berlin wall time ('2026-03-29T10:00') as an ISO instant (the earlier one when it occurs twice); null when malformed. */
export const localToIso = (local: string) => zonedLocalToIso(local, ZONE);

/** '15,50' or '15.5' or '15' as cents; -1 when it is no amount (the schema answers with its message). */
export function euroInputToCents(text: string): number {
  const trimmed = text.trim().replace(/\s*€$/, '');
  if (!/^\d{1,9}([.,]\d{1,2})?$/.test(trimmed)) return -1;
  return Math.round(Number(trimmed.replace(',', '.')) * 100);
}

const centsToEuroInput = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');

/** An optional whole number: '' is null; anything else a number the schema checks (NaN answers as 0). */
const optionalCount = (text: string) => {
  if (text.trim() === '') return null;
  const number = Number(text.trim());
  return Number.isFinite(number) ? number : 0;
};
const optionalInstant = (local: string) => (local.trim() === '' ? null : (localToIso(local) ?? 'ungültig'));

function valueOf(values: DiscountCodeValues): number {
  if (values.kind === 'unlock') return 0;
  if (values.kind === 'fixed') return euroInputToCents(values.amount);
  return /^\d{1,3}$/.test(values.amount.trim()) ? Number(values.amount.trim()) : -1;
}

/** The body of POST/PUT /api/admin/discount-codes. */
export const inputOf = (values: DiscountCodeValues): DiscountCodeInput => ({
  code: values.code,
  kind: values.kind,
  value: valueOf(values),
  eventIds: values.eventIds,
  categoryIds: values.categoryIds,
  maxUses: optionalCount(values.maxUses),
  maxPerBuyer: optionalCount(values.maxPerBuyer),
  validFrom: optionalInstant(values.validFrom),
  validUntil: optionalInstant(values.validUntil),
  active: values.active,
  note: values.note.trim() === '' ? null : values.note,
});

/** A stored code in the form. */
export const valuesOf = (code: AdminDiscountCode): DiscountCodeValues => ({
  code: code.code,
  kind: code.kind,
  amount:
    code.kind === 'fixed' ? centsToEuroInput(code.value) : code.kind === 'percent' ? String(code.value) : '',
  eventIds: code.events.map((event) => event.id),
  categoryIds: code.categories.map((category) => category.id),
  maxUses: code.maxUses === null ? '' : String(code.maxUses),
  maxPerBuyer: code.maxPerBuyer === null ? '' : String(code.maxPerBuyer),
  validFrom: code.validFrom ? isoToLocal(code.validFrom) : '',
  validUntil: code.validUntil ? isoToLocal(code.validUntil) : '',
  active: code.active,
  note: code.note ?? '',
});

const isCodeField = (value: string): value is CodeField => (CODE_FIELDS as readonly string[]).includes(value);

/** The first message per field of a list of problems (zod's issues, or the server's details). */
export function codeErrorsOf(
  issues: readonly { path: PropertyKey[] | string; message: string }[],
): CodeErrors {
  const errors: CodeErrors = {};
  for (const { path, message } of issues) {
    const top = String(typeof path === 'string' ? path.split('.')[0] : (path[0] ?? ''));
    if (isCodeField(top) && !errors[top]) errors[top] = message;
  }
  return errors;
}

/** The browser's check with the shared schema: the body to send, or the messages at the fields. */
export function checkCode(
  values: DiscountCodeValues,
): { ok: true; input: DiscountCodeInput } | { ok: false; errors: CodeErrors } {
  const input = inputOf(values);
  const parsed = discountCodeInputSchema.safeParse(input);
  if (parsed.success) return { ok: true, input };
  return { ok: false, errors: codeErrorsOf(parsed.error.issues) };
}

/** The field messages of a refused save (a 422 with details), or null. */
export function serverCodeErrors(error: unknown): CodeErrors | null {
  if (!(error instanceof ApiError) || !Array.isArray(error.details)) return null;
  const issues = (error.details as unknown[]).filter(
    (entry): entry is { path: string; message: string } =>
      typeof (entry as { path?: unknown })?.path === 'string' &&
      typeof (entry as { message?: unknown })?.message === 'string',
  );
  const errors = codeErrorsOf(issues);
  return Object.keys(errors).length > 0 ? errors : null;
}
