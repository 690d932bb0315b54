/** The message for a quantity outside an item's range, e.g. "Please choose a quantity of 1, 2 or 3." */
export function quantityRangeMessage(range: readonly number[]): string {
  const values = [...range].sort((a, b) => a - b).map(String);
  const list =
    values.length <= 1
      ? (values[0] ?? '1')
      : `${values.slice(0, -1).join(', ')} or ${values.at(-1)}`;
  return `Please choose a quantity of ${list}.`;
}

export function isQuantityInRange(qty: number, range: readonly number[]): boolean {
  return range.includes(qty);
}
