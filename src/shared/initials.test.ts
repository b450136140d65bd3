import { describe, expect, it } from 'vitest';
import { initialsOf } from './initials';

describe('initialsOf', () => {
  it.each([
    ['Anna Berg', 'AB'],
    ['anna maria berg', 'AM'],
    ['  Jonas  ', 'J'],
    ['Öz Ünal', 'ÖÜ'],
    ['', 'U'],
    ['   ', 'U'],
    [null, 'U'],
    [undefined, 'U'],
  ])('%j → %s', (name, expected) => {
    expect(initialsOf(name)).toBe(expected);
  });
});
