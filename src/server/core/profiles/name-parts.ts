/**
 * first_name and last_name are derived from full_name (the profile keeps all three): the first word is
 * the first name, the rest the last name. Empty input clears all three.
 */
export function namePartsOf(fullName: string | null) {
  const words = (fullName ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return { fullName: null, firstName: null, lastName: null };
  const [first, ...rest] = words;
  return { fullName: words.join(' '), firstName: first!, lastName: rest.length > 0 ? rest.join(' ') : null };
}
