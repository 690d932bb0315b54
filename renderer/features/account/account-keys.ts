/** react-query keys of the patient's account: every input of a fetch is in its key. */
export const accountKeys = {
  all: (identity: string) => ['account', identity] as const,
  userInfo: (identity: string) => ['account', identity, 'user-info'] as const,
  recentOrders: (identity: string) => ['account', identity, 'recent-orders'] as const,
  previousOrders: (identity: string, limit: number) =>
    ['account', identity, 'previous-orders', limit] as const,
  receipt: (identity: string, orderId: string) =>
    ['account', identity, 'receipt', orderId] as const,
  orderDetails: (identity: string, orderId: string) =>
    ['account', identity, 'order-details', orderId] as const,
};
