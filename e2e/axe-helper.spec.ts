import { expect, test } from '@playwright/test';
import { axeViolations } from './support/axe';

// The journeys' accessibility check (e2e/support/axe.ts) must see what axe sees: a violation in the page and one
// in a same-origin frame, such as the widget's preview in the admin's settings (decision 063).
test('axe finds a violation in the page and in a same-origin frame', async ({ page }) => {
  // an origin of its own, served by the test (no server): a frame is same-origin only below a real origin
  const pages: Record<string, string> = {
    '/': `<!doctype html><html lang="de"><head><title>Probe</title></head><body><main>
      <img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">
      <iframe title="Vorschau" src="/frame"></iframe></main></body></html>`,
    '/frame': `<!doctype html><html lang="de"><head><title>Innen</title></head><body><main>
      <p style="color:#ccc;background:#fff">blass</p></main></body></html>`,
  };
  await page.route('http://axe-probe.test/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: pages[new URL(route.request().url()).pathname] }),
  );
  await page.goto('http://axe-probe.test/');
  await expect.poll(() => page.frames().length).toBe(2);
  await expect(page.frames()[1]!.locator('p')).toHaveText('blass');

  const whole = await axeViolations(page, { type: 'tag', values: ['wcag2a', 'wcag2aa'] });
  expect(whole.map((violation) => violation.id).sort()).toEqual(['color-contrast', 'image-alt']);
  const inFrame = whole.find((violation) => violation.id === 'color-contrast')!;
  expect(inFrame.nodes.map((node) => node.target)).toEqual([['iframe', 'p']]);

  // a second check of the same document (a dark twin) loads axe no second time and sees the same
  const colours = await axeViolations(page, { type: 'rule', values: ['color-contrast'] });
  expect(colours.map((violation) => violation.id)).toEqual(['color-contrast']);
});
