import type { StatsMark } from '@shared/event-stats';

// Scales of the plain SVG charts (decision 067: no chart library, a few lines of arithmetic instead).

/** The smallest 1, 2, 2.5 or 5 × 10ⁿ at or above `value` (at least 1): a round top for an axis. */
export function niceCeiling(value: number): number {
  if (value <= 1) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 2.5, 5, 10]) if (step * power >= value) return step * power;
  return 10 * power;
}

/** Which of `count` days get a label on the axis so that labels are at least `minGap` px apart. */
export function labelledDays(count: number, band: number, minGap = 52): Set<number> {
  const every = Math.max(1, Math.ceil(minGap / Math.max(band, 1)));
  const shown = new Set<number>();
  for (let index = count - 1; index >= 0; index -= every) shown.add(index);
  return shown;
}

export interface MarkGroup {
  /** 1, 2, 3 …: the number drawn on the chart and in the list below it. */
  number: number;
  day: string;
  marks: StatsMark[];
}

/** The marks of one day together, numbered in the order of the days. */
export function groupMarks(marks: StatsMark[]): MarkGroup[] {
  const byDay = new Map<string, StatsMark[]>();
  for (const mark of [...marks].sort((a, b) => a.day.localeCompare(b.day))) {
    byDay.set(mark.day, [...(byDay.get(mark.day) ?? []), mark]);
  }
  return [...byDay].map(([day, list], index) => ({ number: index + 1, day, marks: list }));
}
