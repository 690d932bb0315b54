/**
 * Where the patient is in the checkout (antd Steps over the flow table of spec §2).
 *
 * Props: `steps` (CheckoutStep[] from checkoutSteps), `currentProgress` (the progress value of
 * the page shown, from progressOfRoute), `compact` (vertical-free small layout for narrow
 * screens). Presentational: no fetching, no router.
 */
import './checkout.css';
import { Steps } from 'antd';
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
      <Steps
        size="small"
        current={current}
        status={done ? 'finish' : 'process'}
        responsive={false}
        items={props.steps.map((step, i) => ({
          // On a small screen the titles do not fit: the caption below names the current one.
          title: props.compact ? undefined : step.title,
          'aria-label': step.title,
          'aria-current': i === current ? 'step' : undefined,
        }))}
      />
      <p className={props.compact ? 'checkout-progress-caption' : 'visually-hidden'}>
        {active ? `Step ${current + 1} of ${props.steps.length}: ${active.title}` : ''}
      </p>
    </nav>
  );
}
