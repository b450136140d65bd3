// One unit for people (docs/decisions/023-refund-percentages.md): whoever types or reads a refund share sees
// percent 0–100; the API and the database keep a fraction 0–1 (`refund_value`, the refund request's
// `percent`; docs/product/tickets-and-refunds.md#fraction-in-api). A share between 0 and 1 % is refused on
// both sides: typed as percent it is almost always a fraction ('0,5' meant 50 %), sent as a fraction almost
// always a percent divided twice (0,005 = '0,5 %').

export const REFUND_PERCENT_MESSAGES = {
  /** A percent field left empty or holding no number. */
  invalid: 'Prozentsatz ungültig',
  /** Typed 0 < p < 1 in a percent field. */
  ambiguous:
    'Prozentsatz mehrdeutig: Gib ihn von 0 bis 100 ein, z. B. 50 für die Hälfte. Für weniger als 1 % gib einen Betrag an.',
  /** The API got a share above 1 or below 0. */
  fractionRange: 'Der Anteil wird von 0 bis 1 übermittelt (0,5 = 50 %).',
  /** The API got a share between 0 and 0,01. */
  fractionAmbiguous:
    'Anteil mehrdeutig: Ein Anteil unter 0,01 (1 %) wird nicht angenommen, 0,005 stünde für 0,5 %. Gemeint ist meist 50 % = 0,5; für weniger als 1 % gib einen Betrag an.',
} as const;

/** The smallest share other than 0: 1 %. */
export const MIN_REFUND_FRACTION = 0.01;

/** Why a share sent as a fraction is refused, or null when it is one. */
export function fractionProblem(fraction: number): string | null {
  if (!Number.isFinite(fraction) || fraction < 0 || fraction > 1)
    return REFUND_PERCENT_MESSAGES.fractionRange;
  if (fraction > 0 && fraction < MIN_REFUND_FRACTION) return REFUND_PERCENT_MESSAGES.fractionAmbiguous;
  return null;
}

/** 50 → 0.5, 12,5 → 0.125 (rounded to 1/10,000 of a percent, so 7 gives exactly 0.07). */
export const percentToFraction = (percent: number) => Math.round(percent * 10_000) / 1_000_000;

/** 0.7 → 70, 0.125 → 12.5. */
export const fractionToPercent = (fraction: number) => Math.round(fraction * 1_000_000) / 10_000;

/**
 * A percent as typed ('50', '12,5') to the fraction the API takes. Values above 100 are clamped to 100
 * (docs/product/tickets-and-refunds.md#ambiguous-share), 0 < p < 1 is refused as ambiguous. `clampNegative`
 * clamps below 0 to 0 (the override dialog clamps to 0..100); without it a negative value is invalid.
 */
export function parsePercentField(
  text: string,
  options: { clampNegative?: boolean } = {},
): { ok: true; fraction: number } | { ok: false; message: string } {
  const raw = text.trim().replace(',', '.');
  const percent = raw === '' ? Number.NaN : Number(raw);
  if (!Number.isFinite(percent) || (percent < 0 && !options.clampNegative))
    return { ok: false, message: REFUND_PERCENT_MESSAGES.invalid };
  if (percent > 0 && percent < 1) return { ok: false, message: REFUND_PERCENT_MESSAGES.ambiguous };
  return { ok: true, fraction: percentToFraction(Math.min(100, Math.max(0, percent))) };
}
