/** `%text%` for LIKE/ILIKE, with `%`, `_` and `\` in the text searched for literally. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
