/**
 * The fault suite prints what it injected and what survived, one line per scenario, so a CI log shows the
 * figures (faults, answers, 5xx, mails lost, invariant violations) without the test's details.
 */
export function printFigures(
  scenario: string,
  figures: Record<string, number | string>,
  /** The tag in front of the line; other suites (test/cluster) print with their own. */
  suite = 'faults',
): void {
  const parts = Object.entries(figures).map(([name, value]) => `${name} ${value}`);
  // eslint-disable-next-line no-console -- the figures are this suite's report, not debugging output
  console.log(`[${suite}] ${scenario}: ${parts.join(', ')}`);
}
