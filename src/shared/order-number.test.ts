import { describe, expect, it } from 'vitest';
import {
  newOrderNumber,
  normalizeOrderNumber,
  ORDER_NUMBER_ALPHABET,
  ORDER_NUMBER_PATTERN,
} from './order-number';

describe('newOrderNumber (docs/decisions/020-order-numbers.md)', () => {
  it('draws numbers of the format WR- and six unambiguous characters, clashing only as chance allows', () => {
    const draws = 200_000;
    const seen = new Set<string>();
    const malformed: string[] = [];
    for (let i = 0; i < draws; i++) {
      const number = newOrderNumber();
      if (!ORDER_NUMBER_PATTERN.test(number)) malformed.push(number);
      seen.add(number);
    }
    expect(malformed).toEqual([]);
    expect(ORDER_NUMBER_ALPHABET).not.toMatch(/[01OIL]/);
    // 31^6 ≈ 8.9e8 numbers: among 200,000 draws chance gives about n²/2N ≈ 22.5 clashes (σ ≈ 4.7), which
    // is why the database's unique constraint decides and a booking draws again. Far more would mean a
    // weak source of randomness.
    const clashes = draws - seen.size;
    expect(clashes).toBeLessThan(60);
  });

  it('uses every character of the alphabet about equally often (no modulo bias)', () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 50_000; i++) {
      for (const char of newOrderNumber().slice(3)) counts.set(char, (counts.get(char) ?? 0) + 1);
    }
    expect([...counts.keys()].sort().join('')).toBe(ORDER_NUMBER_ALPHABET);
    const expected = (50_000 * 6) / ORDER_NUMBER_ALPHABET.length; // ≈ 9,677 each
    for (const count of counts.values()) expect(Math.abs(count - expected) / expected).toBeLessThan(0.06);
  });

  it('draws again for bytes that would favour the first characters', () => {
    const bytes = [255, 248, 0, 30, 31, 247, 1, 2];
    let at = 0;
    const source = (count: number) => Uint8Array.from({ length: count }, () => bytes[at++ % bytes.length]!);
    // 255 and 248 are skipped; 0 → '2', 30 → 'Z', 31 → '2', 247 → 247 % 31 = 30 → 'Z', 1 → '3', 2 → '4'
    expect(newOrderNumber(source)).toBe('WR-2Z2Z34');
  });
});

describe('normalizeOrderNumber', () => {
  it('accepts what an admin types: any case, spaces, with or without the prefix or its dash', () => {
    for (const typed of ['WR-7K3Q9F', ' wr-7k3q9f ', 'wr 7k3 q9f', '7k3q9f', 'WR7K3Q9F', 'Wr - 7K3Q9F']) {
      expect(normalizeOrderNumber(typed), typed).toBe('WR-7K3Q9F');
    }
    // a number whose own characters start with WR
    expect(normalizeOrderNumber('wr2345')).toBe('WR-WR2345');
    expect(normalizeOrderNumber('WR-WR2345')).toBe('WR-WR2345');
  });

  it('refuses anything that cannot be an order number', () => {
    for (const typed of [
      '',
      'WR-',
      'WR-7K3Q9',
      'WR-7K3Q9FF',
      'WR-7K3Q0F', // 0 is not in the alphabet
      'WR-OK3Q9F',
      'WR-1K3Q9F',
      'WR-LK3Q9F',
      'WR-IK3Q9F',
      '3f2b9c1e-0000-4000-8000-000000000001',
      'WR-261212-A1B2C3D4E5-0421', // a ticket number
      'XX-7K3Q9F',
    ]) {
      expect(normalizeOrderNumber(typed), typed).toBeNull();
    }
  });
});
