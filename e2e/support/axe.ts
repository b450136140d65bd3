// axe-core in the journeys' pages (decision 063, "axe in the page"). @axe-core/playwright cost about twice the
// audit itself: every check loaded axe's 566 KB into the page twice, ran the audit in parts, opened a blank page in
// the context to put the parts together and sent every passing node back. Here axe loads once per document (a dark
// twin checks the same document again), runs in the page as axe.run, and only the violations come back.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import type axeCore from 'axe-core';
import type { ImpactValue, Result, RunOptions } from 'axe-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
/** Loads axe into a document that has none yet. */
const LOAD_AXE = `if (!window.axe) {\n${AXE_SOURCE}\n}`;

export interface AxeViolation {
  id: string;
  impact: ImpactValue | null | undefined;
  help: string;
  helpUrl: string;
  nodes: { target: string[]; html: string; failureSummary: string | undefined }[];
}

/**
 * Runs axe on the page with `runOnly` (tags or rules) and answers its violations. Same-origin frames are checked
 * too (the widget's preview in the settings): axe is loaded into each, and the page's axe asks them for their
 * part, as `axe.run` does in a browser (e2e/axe-helper.spec.ts). A frame of another origin, or a sandboxed one
 * (the mail previews: an opaque origin), does not answer and is left out; no journey checks a page that shows one.
 */
export async function axeViolations(page: Page, runOnly: RunOptions['runOnly']): Promise<AxeViolation[]> {
  for (const frame of page.frames()) {
    // a frame that went away meanwhile is left out
    await frame.evaluate(LOAD_AXE).catch(() => undefined);
  }
  return page.evaluate(
    async (options) => {
      const { axe } = window as unknown as { axe: typeof axeCore };
      const results = await axe.run(document, options);
      return results.violations.map((violation: Result) => ({
        id: violation.id,
        impact: violation.impact,
        help: violation.help,
        helpUrl: violation.helpUrl,
        nodes: violation.nodes.map((node) => ({
          target: node.target.map(String),
          html: node.html,
          failureSummary: node.failureSummary,
        })),
      }));
    },
    { runOnly, resultTypes: ['violations'] } satisfies RunOptions,
  );
}
