// Text rules of the event form (docs/product/events.md#slug, docs/product/events.md#description-normalised).
// Pure and free of zod: the admin form previews them while typing and the server applies them before saving.

/** What the events table's CHECK accepts: lowercase letters and digits in runs joined by single hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;
export const SLUG_MAX_LENGTH = 120;
/** The slug of a title without a single letter or digit ('!!!'). */
export const FALLBACK_SLUG = 'event';

/**
 * Lowercase, runs of other characters become hyphens, edge hyphens trimmed. German
 * umlauts and ß are spelled out first ('Rücken' → 'ruecken') and other accents dropped ('Café' → 'cafe'),
 * so the slug stays readable. Same rule as `slugify` in src/server/demo/factories.ts (a test keeps them equal).
 */
export function slugify(title: string): string {
  const spelled = title
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss');
  return spelled
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The slug a new event gets from its title: never empty, never longer than the limit, no edge hyphen. */
export function slugFromTitle(title: string): string {
  const slug = slugify(title).slice(0, SLUG_MAX_LENGTH).replace(/-+$/, '');
  return slug || FALLBACK_SLUG;
}

export const isValidSlug = (slug: string) => slug.length <= SLUG_MAX_LENGTH && SLUG_PATTERN.test(slug);

/**
 * `base`, or `base-2`, `base-3`, … : the first that `taken` does not contain. Used on create, where the slug
 * is read-only (docs/product/events.md#slug): two workshops with the same title must both be creatable.
 */
export function firstFreeSlug(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const candidate = `${base.slice(0, SLUG_MAX_LENGTH - suffix.length).replace(/-+$/, '')}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/**
 * Line endings normalised to \n, trailing whitespace removed from every
 * line, leading and trailing blank lines removed. Indentation and blank lines inside the text stay.
 */
export function normalizeDescription(text: string): string {
  const lines = text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.replace(/\s+$/u, ''));
  let start = 0;
  let end = lines.length;
  while (start < end && lines[start] === '') start++;
  while (end > start && lines[end - 1] === '') end--;
  return lines.slice(start, end).join('\n');
}
