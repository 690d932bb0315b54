/** "A", "A and B", "A, B and C". */
function joinNames(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? 'This order';
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/**
 * Why an address is refused: some products of the order cannot ship to its state. The server
 * answers these words and the UI shows the same ones, e.g. "Weight care program cannot be
 * shipped to Alaska. Please choose an address in another state."
 */
export function unshippableStateMessage(
  productNames: readonly string[],
  stateName: string,
): string {
  return `${joinNames(productNames)} cannot be shipped to ${stateName}. Please choose an address in another state.`;
}
