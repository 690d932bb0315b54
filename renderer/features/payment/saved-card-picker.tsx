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
import { Radio, Tag } from 'antd';
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
  return (
    <fieldset className="choice-group saved-cards">
      <legend>Payment method</legend>
      <Radio.Group
        value={props.value}
        onChange={(event) => props.onChange(event.target.value as string)}
        disabled={props.disabled}
      >
        {props.cards.map((card) => (
          <Radio key={card.id} value={card.id} disabled={card.isExpired} className="choice-card">
            <span className="saved-card">
              <strong>{cardLabel(card)}</strong>
              <span>
                Expires {String(card.expMonth).padStart(2, '0')}/{String(card.expYear).slice(-2)}
              </span>
              {card.isDefault ? <Tag>Default</Tag> : null}
              {card.isExpired ? <Tag color="red">Expired</Tag> : null}
            </span>
          </Radio>
        ))}
        <Radio value={NEW_CARD} className="choice-card">
          <strong>Use a new card</strong>
        </Radio>
      </Radio.Group>
    </fieldset>
  );
}
