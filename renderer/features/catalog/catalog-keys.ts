/** react-query keys of the catalog: every input of a fetch is in its key. */
export const catalogKeys = {
  all: ['catalog'] as const,
  products: (storefrontId: number) => ['catalog', 'products', storefrontId] as const,
};
