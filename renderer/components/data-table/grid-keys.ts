/** Where the active row moves for a key of the grid, or null when the key is not the grid's. */
export function nextActiveIndex(
  key: string,
  current: number,
  rowCount: number,
  pageSize: number,
): number | null {
  if (rowCount === 0) return null;
  const last = rowCount - 1;
  const from = current < 0 ? -1 : Math.min(current, last);
  switch (key) {
    case 'ArrowDown':
      return Math.min(from + 1, last);
    case 'ArrowUp':
      return Math.max(from - 1, 0);
    case 'PageDown':
      return Math.min(Math.max(from, 0) + pageSize, last);
    case 'PageUp':
      return Math.max(from - pageSize, 0);
    case 'Home':
      return 0;
    case 'End':
      return last;
    default:
      return null;
  }
}
