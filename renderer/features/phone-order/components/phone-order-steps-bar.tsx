import { Steps } from 'antd';
import type { PhoneOrderStep, PhoneOrderStepKey } from '../phone-order-steps';

export interface PhoneOrderStepsBarProps {
  steps: readonly PhoneOrderStep[];
  current: PhoneOrderStepKey;
  /** Opens a step the agent may go back to (done ones, and the first not done). */
  onSelect?: (step: PhoneOrderStepKey) => void;
  /** Once placed, no step can be gone back to. */
  locked?: boolean;
}

/** Where the phone order is: antd Steps, done steps clickable (and reachable by keyboard). */
export function PhoneOrderStepsBar({ steps, current, onSelect, locked }: PhoneOrderStepsBarProps) {
  const currentIndex = Math.max(
    0,
    steps.findIndex((step) => step.key === current),
  );
  const firstOpen = steps.findIndex((step) => !step.done);
  const reachable = (index: number) =>
    !locked && onSelect !== undefined && (steps[index]?.done || index === firstOpen);
  return (
    <nav aria-label="Phone order steps" className="phone-order-steps">
      <Steps
        size="small"
        current={currentIndex}
        onChange={(index) => {
          const step = steps[index];
          if (step && reachable(index)) onSelect?.(step.key);
        }}
        items={steps.map((step, index) => ({
          key: step.key,
          title: step.title,
          status:
            index === currentIndex
              ? step.key === 'receipt' && step.done
                ? 'finish'
                : 'process'
              : step.done
                ? 'finish'
                : 'wait',
          disabled: !reachable(index) || index === currentIndex,
        }))}
      />
    </nav>
  );
}
