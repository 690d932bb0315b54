/**
 * Pay with a saved card or a new one: the patient's saved cards (brand, last 4, expiry; an
 * expired card cannot be chosen) and "Use a new card", whose fields the caller renders below
 * (CardFields) when it is chosen.
 *
 * Props: `cards` (CardData[] of shared/contracts/payments), `value` (a card id, or 'new'),
 * `onChange(value)`, `disabled`. Presentational: no fetching, no router.
 */
import { cardInWords } from '../../../shared/payments/card-label';
import './payment.css';
import '../../components/controls.css';
import { type ReactNode, useId } from 'react';
import type { CardData } from '../../../shared/contracts/payments';

export const NEW_CARD = 'new';

export interface SavedCardPickerProps {
  cards: readonly CardData[];
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean | undefined;
}

export function cardLabel(card: Pick<CardData, 'brand' | 'last4'>): string {
  return cardInWords(card);
}

/** The card to offer first: the default one if it has not expired, else any valid one. */
export function preferredCardId(cards: readonly CardData[]): string {
  const usable = cards.filter((c) => !c.isExpired);
  return (usable.find((c) => c.isDefault) ?? usable[0])?.id ?? NEW_CARD;
}

export function SavedCardPicker(props: SavedCardPickerProps) {
  const name = useId();
  const choice = (value: string, label: ReactNode, expired = false) => (
    <label key={value} className="choice choice-card">
      <input
        type="radio"
        name={name}
        value={value}
        checked={props.value === value}
        disabled={props.disabled || expired}
        onChange={() => props.onChange(value)}
      />
      {label}
    </label>
  );
  return (
    <fieldset className="choice-group saved-cards">
      <legend>Payment method</legend>
      <div className="choice-list">
        {props.cards.map((card) =>
          choice(
            card.id,
            <span className="saved-card">
              <strong>{cardLabel(card)}</strong>
              <span>
                Expires {String(card.expMonth).padStart(2, '0')}/{String(card.expYear).slice(-2)}
              </span>
              {card.isDefault ? <span className="tag">Default</span> : null}
              {card.isExpired ? <span className="tag tag--red">Expired</span> : null}
            </span>,
            card.isExpired,
          ),
        )}
        {choice(NEW_CARD, <strong>Use a new card</strong>)}
      </div>
    </fieldset>
  );
}
