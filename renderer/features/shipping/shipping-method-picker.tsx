/**
 * The shipping methods an order can use, one to choose, with fee and delivery time.
 *
 * Props: `methods` (ShippingMethodData[] of shared/contracts/shipping), `selectedId`,
 * `onSelect(methodId)`, `disabled`, `error` (a message shown under the list).
 * Presentational: no fetching, no router.
 */
import '../../components/controls.css';
import './shipping.css';
import { useId } from 'react';
import { formatUsd } from '../../../shared/cart/money';
import type { ShippingMethodData } from '../../../shared/contracts/shipping';
import { methodName } from './method-name';

export interface ShippingMethodPickerProps {
  methods: readonly ShippingMethodData[];
  selectedId: number | null;
  onSelect: (methodId: number) => void;
  disabled?: boolean | undefined;
  error?: string | null | undefined;
}

function deliveryTime(method: ShippingMethodData): string {
  if (method.minDays === method.maxDays) {
    return `${method.minDays} business day${method.minDays === 1 ? '' : 's'}`;
  }
  return `${method.minDays}–${method.maxDays} business days`;
}

export function ShippingMethodPicker(props: ShippingMethodPickerProps) {
  const name = useId();
  return (
    <fieldset
      className="choice-group shipping-methods"
      aria-describedby={props.error ? 'shipping-method-error' : undefined}
    >
      <legend>Shipping method</legend>
      <div className="choice-list">
        {props.methods.map((method) => (
          <label key={method.id} className="choice choice-card">
            <input
              type="radio"
              name={name}
              value={method.id}
              checked={props.selectedId === method.id}
              disabled={props.disabled}
              onChange={() => props.onSelect(method.id)}
            />
            <span className="shipping-method">
              <strong>{methodName(method)}</strong>
              <span>{deliveryTime(method)}</span>
              <span className="shipping-fee">
                {method.feeCents === 0 ? 'Free' : formatUsd(method.feeCents)}
              </span>
            </span>
          </label>
        ))}
      </div>
      {props.error ? (
        <div id="shipping-method-error" className="field-error" role="alert">
          {props.error}
        </div>
      ) : null}
    </fieldset>
  );
}
