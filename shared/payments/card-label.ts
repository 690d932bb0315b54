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
  maestro: 'Maestro',
};

/** A card brand as people write it ("visa" → "Visa"). */
export function cardBrandName(brand: string): string {
  const key = brand.trim().toLowerCase();
  return brandNames[key] ?? (key ? key.charAt(0).toUpperCase() + key.slice(1) : 'Card');
}

/** A card as a receipt or a list shows it: "Visa •••• 4242". */
export function cardLabel(brand: string, last4: string): string {
  return `${cardBrandName(brand)} •••• ${last4}`;
}

/** A card as a sentence names it: "Visa ending in 4242". */
export function cardInWords(card: { brand: string; last4: string }): string {
  return `${cardBrandName(card.brand)} ending in ${card.last4}`;
}
