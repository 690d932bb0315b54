/**
 * A patient's auto-refills: product, how often, the next date, card and address, state, and
 * the actions the caller may take (given as buttons by `actionsOf`). Presentational.
 */
import './auto-refill.css';
import type { AutoRefillData } from '../../../shared/contracts/auto-refill';
import { cardInWords } from '../../../shared/payments/card-label';
import { refillState, refillStateLabels } from './refill-status';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

export function RefillList(props: {
  refills: readonly AutoRefillData[];
  emptyText: string;
  actionsOf: (refill: AutoRefillData) => React.ReactNode;
}) {
  if (props.refills.length === 0) {
    return (
      <p className="refill-list__empty" role="status">
        {props.emptyText}
      </p>
    );
  }
  return (
    <ul className="refill-list" aria-label="Auto-refills">
      {props.refills.map((refill) => {
        const state = refillState(refill);
        return (
          <li
            key={refill.autoRefillId}
            className="refill-list__item"
            aria-label={refill.displayName}
          >
            <div className="refill-list__head">
              <strong>
                {refill.displayName} × {refill.qty}
              </strong>
              <span className={`status-tag status-tag--${state}`}>{refillStateLabels[state]}</span>
            </div>
            <dl className="refill-list__facts">
              <div>
                <dt>Every</dt>
                <dd>{refill.intervalDays} days</dd>
              </div>
              {state === 'active' ? (
                <div>
                  <dt>Next refill</dt>
                  <dd>{dateFormat.format(new Date(refill.nextRunAt))}</dd>
                </div>
              ) : null}
              <div>
                <dt>Card</dt>
                <dd>{refill.card ? cardInWords(refill.card) : 'No card'}</dd>
              </div>
              <div>
                <dt>Ships to</dt>
                <dd>
                  {refill.shipTo
                    ? `${refill.shipTo.line1}, ${refill.shipTo.city}, ${refill.shipTo.state} ${refill.shipTo.zip}`
                    : 'The address of the first order'}
                </dd>
              </div>
              {refill.lastResult ? (
                <div>
                  <dt>Last refill</dt>
                  <dd>{refill.lastResult}</dd>
                </div>
              ) : null}
            </dl>
            <div className="refill-list__actions">{props.actionsOf(refill)}</div>
          </li>
        );
      })}
    </ul>
  );
}
