import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { widgetSnippet } from '../../src/shared/widget';
import { WIDGET_HEIGHT } from '../../src/shared/widget-messages';

// The height the snippet reserves is written out where no TypeScript reaches (docs/product/widget.md#no-layout-shift):
// the demo host page, the Lighthouse bench's host page and the product file must reserve the page's real height.
const reserved = `style="min-height:${WIDGET_HEIGHT}px"`;

describe("the widget's reserved height", () => {
  it('is in the snippet of every scope', () => {
    for (const scope of [
      { kind: 'all' },
      { kind: 'organizer', organizerId: 'org-1' },
      { kind: 'event', slug: 'achtsam-streiten' },
    ] as const) {
      expect(widgetSnippet('https://shop.example/', scope).split('\n')[1]).toMatch(
        new RegExp(`^<div data-ticketshop-widget[^>]* ${reserved}></div>$`),
      );
    }
  });

  it.each(['public/demo/widget-host.html', 'bench/widget-lighthouse.mjs', 'docs/product/widget.md'])(
    'is the one %s reserves',
    (file) => {
      const text = readFileSync(file, 'utf8');
      expect(text).toContain(reserved);
      expect(
        text.match(/min-height:\s*\d+px/g)?.every((value) => value === `min-height:${WIDGET_HEIGHT}px`),
      ).toBe(true);
    },
  );
});
