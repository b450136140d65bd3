/** Placeholder until its helper builds it (issue 33). */
export function WebhooksCard() {
  return null;
}
