/**
 * First letters of the name's words, at most 2, uppercased; 'U' without a name (docs/product/site.md#header).
 */
export function initialsOf(name: string | null | undefined): string {
  const letters = (name ?? '')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase())
    .slice(0, 2)
    .join('');
  return letters || 'U';
}
