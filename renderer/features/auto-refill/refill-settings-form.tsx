/**
 * Where, how and with what a refill ships: how often (days), the address and the card, chosen
 * among the patient's saved ones. Presentational: the caller saves.
 */
import '../../components/native-select.css';
import { Button, Form, InputNumber } from 'antd';
import { useState } from 'react';
import type { AutoRefillData } from '../../../shared/contracts/auto-refill';
import {
  MAX_REFILL_INTERVAL_DAYS,
  MIN_REFILL_INTERVAL_DAYS,
} from '../../../shared/contracts/refill-limits';

export interface RefillSettings {
  intervalDays: number;
  addressId?: string;
  cardId?: string;
}

export function RefillSettingsForm(props: {
  refill: AutoRefillData;
  addresses: readonly { id: string; label: string }[];
  cards: readonly { id: string; label: string }[];
  saving: boolean;
  onSave: (settings: RefillSettings) => void;
  onCancel: () => void;
}) {
  const { refill } = props;
  const [intervalDays, setIntervalDays] = useState<number | null>(refill.intervalDays);
  const [addressId, setAddressId] = useState(refill.addressId ?? undefined);
  const [cardId, setCardId] = useState(refill.card?.cardId ?? undefined);
  const valid =
    intervalDays !== null &&
    intervalDays >= MIN_REFILL_INTERVAL_DAYS &&
    intervalDays <= MAX_REFILL_INTERVAL_DAYS;
  const id = (name: string) => `refill-${refill.autoRefillId}-${name}`;
  return (
    <Form
      layout="vertical"
      className="refill-settings"
      onFinish={() => {
        if (!valid || intervalDays === null) return;
        props.onSave({
          intervalDays,
          ...(addressId ? { addressId } : {}),
          ...(cardId ? { cardId } : {}),
        });
      }}
    >
      <Form.Item
        label="Every (days)"
        htmlFor={id('interval')}
        validateStatus={valid ? undefined : 'error'}
        help={
          valid
            ? undefined
            : `Choose between ${MIN_REFILL_INTERVAL_DAYS} and ${MAX_REFILL_INTERVAL_DAYS} days.`
        }
      >
        <InputNumber
          id={id('interval')}
          min={MIN_REFILL_INTERVAL_DAYS}
          max={MAX_REFILL_INTERVAL_DAYS}
          value={intervalDays}
          onChange={(value) => setIntervalDays(value)}
        />
      </Form.Item>
      <Form.Item label="Ship to" htmlFor={id('address')}>
        <select
          id={id('address')}
          className="native-select"
          value={addressId ?? ''}
          onChange={(event) => setAddressId(event.target.value || undefined)}
        >
          <option value="">The address of the first order</option>
          {props.addresses.map((a) => (
            <option key={a.id} value={a.id}>
              {a.label}
            </option>
          ))}
        </select>
      </Form.Item>
      <Form.Item label="Pay with" htmlFor={id('card')}>
        <select
          id={id('card')}
          className="native-select"
          value={cardId ?? ''}
          onChange={(event) => setCardId(event.target.value || undefined)}
        >
          {cardId ? null : <option value="">Choose a card</option>}
          {props.cards.map((c) => (
            <option key={c.id} value={c.id}>
              {c.label}
            </option>
          ))}
        </select>
      </Form.Item>
      <div className="refill-settings__buttons">
        <Button type="primary" htmlType="submit" loading={props.saving}>
          SAVE
        </Button>
        <Button onClick={props.onCancel}>Cancel</Button>
      </div>
    </Form>
  );
}
