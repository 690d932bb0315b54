import { describe, expect, it } from 'vitest';
import { nextActiveIndex } from '../../../renderer/components/data-table/grid-keys';

describe('DataTable keyboard', () => {
  it('moves the active row within the loaded rows', () => {
    expect(nextActiveIndex('ArrowDown', -1, 10, 5)).toBe(0);
    expect(nextActiveIndex('ArrowDown', 3, 10, 5)).toBe(4);
    expect(nextActiveIndex('ArrowDown', 9, 10, 5)).toBe(9);
    expect(nextActiveIndex('ArrowUp', 0, 10, 5)).toBe(0);
    expect(nextActiveIndex('ArrowUp', -1, 10, 5)).toBe(0);
    expect(nextActiveIndex('PageDown', 2, 10, 5)).toBe(7);
    expect(nextActiveIndex('PageDown', 8, 10, 5)).toBe(9);
    expect(nextActiveIndex('PageUp', 3, 10, 5)).toBe(0);
    expect(nextActiveIndex('Home', 6, 10, 5)).toBe(0);
    expect(nextActiveIndex('End', 0, 10, 5)).toBe(9);
  });

  it('leaves other keys, and an empty table, alone', () => {
    expect(nextActiveIndex('a', 3, 10, 5)).toBeNull();
    expect(nextActiveIndex('Enter', 3, 10, 5)).toBeNull();
    expect(nextActiveIndex('ArrowDown', -1, 0, 5)).toBeNull();
  });

  it('keeps an active row past the end (rows replaced) inside the table', () => {
    expect(nextActiveIndex('ArrowUp', 50, 10, 5)).toBe(8);
  });
});
