/** Placeholder until its helper builds it (issue 33). */
export function EmbedCard() {
  return null;
}
