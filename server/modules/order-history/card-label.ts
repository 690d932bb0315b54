const brandNames: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  'american-express': 'American Express',
  discover: 'Discover',
  jcb: 'JCB',
  'diners-club': 'Diners Club',
  diners: 'Diners Club',
  unionpay: 'UnionPay',
};

/** A saved card as people read it on a receipt: "Visa •••• 4242". */
export function cardLabel(brand: string, last4: string): string {
  const key = brand.trim().toLowerCase();
  const name = brandNames[key] ?? (key ? key.charAt(0).toUpperCase() + key.slice(1) : 'Card');
  return `${name} •••• ${last4}`;
}
