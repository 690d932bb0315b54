/**
 * Where the patient is in the checkout: numbered steps over the flow table of spec §2 (done
 * ones ticked, the current one marked for assistive technology).
 *
 * Props: `steps` (CheckoutStep[] from checkoutSteps), `currentProgress` (the progress value of
 * the page shown, from progressOfRoute), `compact` (vertical-free small layout for narrow
 * screens). Presentational: no fetching, no router.
 */
import './checkout.css';
import type { CheckoutStep } from './checkout-steps';

export interface CheckoutProgressProps {
  steps: readonly CheckoutStep[];
  currentProgress: number | null;
  compact?: boolean | undefined;
}

export function CheckoutProgress(props: CheckoutProgressProps) {
  const index = props.steps.findIndex((step) => step.progress === props.currentProgress);
  const current = index < 0 ? 0 : index;
  const done = props.currentProgress === 5;
  const active = props.steps[current];
  return (
    <nav className="checkout-progress" aria-label="Checkout progress">
      <ol className={`steps${props.compact ? ' steps--compact' : ''}`}>
        {props.steps.map((step, i) => {
          const state =
            i < current || (done && i === current) ? 'done' : i === current ? 'current' : 'waiting';
          return (
            <li
              key={step.title}
              className={`steps__item steps__item--${state}`}
              aria-current={i === current ? 'step' : undefined}
            >
              <span className="steps__icon" aria-hidden="true">
                {state === 'done' ? '✓' : i + 1}
              </span>
              {/* On a small screen the titles do not fit: the caption below names the current one. */}
              <span className={props.compact ? 'visually-hidden' : 'steps__title'}>
                {step.title}
              </span>
            </li>
          );
        })}
      </ol>
      <p className={props.compact ? 'checkout-progress-caption' : 'visually-hidden'}>
        {active ? `Step ${current + 1} of ${props.steps.length}: ${active.title}` : ''}
      </p>
    </nav>
  );
}
