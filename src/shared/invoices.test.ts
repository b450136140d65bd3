import { describe, expect, it } from 'vitest';
import { splitGross, splitLines } from './invoices';

// Net and tax of an invoice's lines (docs/product/ticket-categories.md#invoice-lines): the document is split
// once (decision 040), the lines are its shares to the cent.

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

describe('splitLines', () => {
  it('gives the rounding cent to the largest line, so the lines add up to the document', () => {
    // 10, 12 and 8 € at 19 %: 8,40 + 10,08 + 6,72 = 25,20 € net line by line, the document 25,21 €
    const lines = [{ grossCents: 1_000 }, { grossCents: 1_200 }, { grossCents: 800 }];
    const total = splitGross(3_000, 19);
    expect(total).toEqual({ netCents: 2_521, taxCents: 479 });
    const split = splitLines(lines, 19, total);
    expect(split).toEqual([
      { netCents: 840, taxCents: 160 },
      { netCents: 1_009, taxCents: 191 },
      { netCents: 672, taxCents: 128 },
    ]);
    expect(sum(split.map((line) => line.netCents))).toBe(total.netCents);
    expect(sum(split.map((line) => line.taxCents))).toBe(total.taxCents);
  });

  it('splits a discount line negative, and keeps net + tax = gross on every line', () => {
    const lines = [{ grossCents: 12_000 }, { grossCents: 38_000 }, { grossCents: -5_000 }];
    const total = splitGross(45_000, 19);
    const split = splitLines(lines, 19, total);
    expect(split.map((line) => line.netCents)).toEqual([10_084, 31_933, -4_202]);
    split.forEach((line, index) => expect(line.netCents + line.taxCents).toBe(lines[index]!.grossCents));
    expect(sum(split.map((line) => line.netCents))).toBe(total.netCents);
  });

  it('leaves everything net without a tax rate', () => {
    const split = splitLines([{ grossCents: 4_900 }, { grossCents: -490 }], 0, splitGross(4_410, 0));
    expect(split).toEqual([
      { netCents: 4_900, taxCents: 0 },
      { netCents: -490, taxCents: 0 },
    ]);
  });
});
