/** The react-query keys of the staff order lookup, from one factory so invalidation matches. */
export const staffOrderKeys = {
  all: ['staff-orders'] as const,
  lists: () => [...staffOrderKeys.all, 'list'] as const,
  list: (params: Record<string, string>) => [...staffOrderKeys.lists(), params] as const,
  details: () => [...staffOrderKeys.all, 'detail'] as const,
  detail: (orderId: string) => [...staffOrderKeys.details(), orderId] as const,
  views: () => [...staffOrderKeys.all, 'views'] as const,
  products: (storefrontId: number) => [...staffOrderKeys.all, 'products', storefrontId] as const,
};
