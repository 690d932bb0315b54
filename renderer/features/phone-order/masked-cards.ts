import type { CardData } from '../../../shared/contracts/payments';
import type { PatientViewData } from '../../../shared/contracts/staff-patients';

type MaskedCard = PatientViewData['cards'][number];

/**
 * A patient's saved cards as staff see them (masked), in the shape the card picker shows: an
 * expired card stays listed but cannot be chosen.
 */
export function cardsForPicker(cards: readonly MaskedCard[], now: Date = new Date()): CardData[] {
  const year = now.getFullYear();
  const month = now.getMonth() + 1;
  return cards.map((card) => ({
    id: card.cardId,
    brand: card.brand,
    last4: card.last4,
    expMonth: card.expMonth,
    expYear: card.expYear,
    holderName: null,
    isDefault: card.isDefault,
    isExpired: card.expYear < year || (card.expYear === year && card.expMonth < month),
  }));
}
