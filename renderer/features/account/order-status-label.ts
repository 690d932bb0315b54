/** Order statuses in the patient's words. */
const labels: Record<string, string> = {
  cart: 'Incomplete',
  disqualified: 'Incomplete',
  'awaiting-payment': 'Pending',
  paid: 'Paid',
  'in-review': 'With the doctor',
  approved: 'Approved',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
};

export function orderStatusLabel(status: string): string {
  return labels[status] ?? status;
}
