import { expect, type Page } from '@playwright/test';

/** No sideways scrolling of the whole page (tables scroll inside their own box). */
export async function expectNoPageOverflow(page: Page, label: string) {
  // clientWidth, not innerWidth: a phone browser zooms out to fit a too wide page, innerWidth grows with it
  const { overflow, culprits } = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    // elements that stick out and are not inside a box that scrolls or clips them: hints for the message
    const clipped = (element: HTMLElement) => {
      for (let parent = element.parentElement; parent; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowX !== 'visible') return true;
      }
      return false;
    };
    const culprits = [...document.body.querySelectorAll<HTMLElement>('*')]
      .filter((element) => element.getBoundingClientRect().right > width + 1)
      // an absolute element escapes a scroll box that is not its containing block (e.g. sr-only text)
      .filter((element) => !clipped(element) || getComputedStyle(element).position === 'absolute')
      .slice(0, 5)
      .map((element) => `<${element.tagName.toLowerCase()} class="${element.getAttribute('class') ?? ''}">`);
    return { overflow: document.documentElement.scrollWidth - width, culprits };
  });
  expect(
    overflow,
    `${label}: page wider than the viewport, because of ${culprits.join(', ')}`,
  ).toBeLessThanOrEqual(0);
}
