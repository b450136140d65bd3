import type { Page } from '@playwright/test';

type ShiftWindow = { layoutShift: number };

/** Sums layout shifts from the first byte (an init script), as Lighthouse's CLS does. */
export async function watchLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    (window as unknown as ShiftWindow).layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
      })[]) {
        if (!entry.hadRecentInput) (window as unknown as ShiftWindow).layoutShift += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The layout shift summed so far by `watchLayoutShifts`. */
export function layoutShift(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as ShiftWindow).layoutShift);
}
