import { describe, expect, it } from 'vitest';
import { listErrorKey, moveItem } from './category-form-values';

describe('the form side', () => {
  it('maps list issues to the card fields, and the one category’s prices to the event fields', () => {
    expect(listErrorKey('categories.1.priceCents', false)).toBe('categories.1.price');
    expect(listErrorKey('categories.0.priceCents', true)).toBe('price');
    expect(listErrorKey('categories.0.name', true)).toBe('categories.0.name');
    expect(listErrorKey('categories.2.id', false)).toBe('categories.2');
    expect(listErrorKey('categories', false)).toBe('categories');
    expect(listErrorKey('questions.0.options.1', false)).toBe('questions.0.options');
    expect(listErrorKey('title', false)).toBeNull();
  });
  it('moves an item within bounds only', () => {
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveItem(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
  });
});
