/** react-query keys of the payment feature. */
export const paymentKeys = {
  all: ['payment'] as const,
  methods: () => [...paymentKeys.all, 'methods'] as const,
  allMethods: () => [...paymentKeys.all, 'all-methods'] as const,
  cardFields: () => [...paymentKeys.all, 'card-fields'] as const,
};
