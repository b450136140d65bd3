/** Placeholder until its helper builds it (issue 33). */
export function ApiKeysCard() {
  return null;
}
