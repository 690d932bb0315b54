/** react-query keys of the scheduling feature: every input of a query is in its key. */
export const schedulingKeys = {
  all: ['scheduling'] as const,
  orderDoctors: (buyer: 'patient' | 'guest', orderId: string) =>
    [...schedulingKeys.all, 'order-doctors', buyer, orderId] as const,
  bio: (doctorId: number) => [...schedulingKeys.all, 'bio', doctorId] as const,
  slots: (doctorId: number, days: number, timeZone: string) =>
    [...schedulingKeys.all, 'slots', doctorId, days, timeZone] as const,
};
