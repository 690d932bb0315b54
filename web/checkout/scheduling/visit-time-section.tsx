import { Button } from 'antd';
import type { Ref } from 'react';
import { ErrorAlert } from '../../../renderer/components/error-alert';
import { SlotPicker } from '../../../renderer/features/scheduling/slot-picker';
import type { useDoctorSlots } from '../../../renderer/features/scheduling/use-doctor-slots';

/**
 * A doctor's free times and SCHEDULE: the time step of the checkout's schedule-visit page and
 * of rescheduling a visit.
 */
export function VisitTimeSection(props: {
  title: string;
  slots: ReturnType<typeof useDoctorSlots>;
  timeZone: string;
  slotId: number | null;
  onSelect: (slotId: number) => void;
  saving: boolean;
  failure: unknown;
  onSchedule: (slotId: number) => void;
  sectionRef?: Ref<HTMLElement>;
}) {
  const { slots, slotId } = props;
  return (
    <section ref={props.sectionRef} className="checkout-section" aria-labelledby="visit-time-title">
      <h2 id="visit-time-title" className="section-title">
        {props.title}
      </h2>
      {slots.error ? <ErrorAlert error={slots.error} /> : null}
      <SlotPicker
        slots={slots.data ?? []}
        timeZone={props.timeZone}
        selectedSlotId={slotId}
        onSelect={props.onSelect}
        loading={slots.isPending}
        disabled={props.saving}
      />
      {props.failure ? <ErrorAlert error={props.failure} /> : null}
      <Button
        type="primary"
        size="large"
        className="primary-action"
        disabled={slotId === null}
        loading={props.saving}
        onClick={() => slotId !== null && props.onSchedule(slotId)}
      >
        SCHEDULE
      </Button>
    </section>
  );
}
