import type { ConsentData } from '../../../shared/contracts/config';
import { CheckBox } from '../../components/check-box';

/**
 * The consents a storefront requires before an order, each read and ticked. Presentational:
 * `checked` holds the ticked ids; `error` is shown when the patient goes on without them.
 */
export function ConsentChecklist(props: {
  consents: readonly ConsentData[];
  checked: ReadonlySet<string>;
  onChange: (checked: Set<string>) => void;
  error?: string | null;
  disabled?: boolean;
}) {
  if (props.consents.length === 0) return null;
  return (
    <fieldset
      className="consent-checklist"
      aria-describedby={props.error ? 'consent-error' : undefined}
    >
      <legend>Before you order</legend>
      {props.consents.map((consent) => (
        <div key={consent.id} className="consent-checklist__item">
          <CheckBox
            checked={props.checked.has(consent.id)}
            disabled={props.disabled}
            onChange={(ticked) => {
              const next = new Set(props.checked);
              if (ticked) next.add(consent.id);
              else next.delete(consent.id);
              props.onChange(next);
            }}
          >
            <strong>{consent.title}</strong>
          </CheckBox>
          <p className="consent-checklist__body">{consent.body}</p>
        </div>
      ))}
      {props.error ? (
        <p id="consent-error" role="alert" className="consent-checklist__error">
          {props.error}
        </p>
      ) : null}
    </fieldset>
  );
}
