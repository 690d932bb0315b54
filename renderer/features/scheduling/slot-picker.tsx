/**
 * A doctor's free visit times in the patient's time zone: a day, then a time.
 *
 * Props: `slots` (SlotData[] of shared/contracts/scheduling; `startsAt` is read in
 * `timeZone`), `timeZone` (the patient's IANA zone), `selectedSlotId`, `onSelect(slotId)`,
 * `loading`, `disabled`. Presentational: no fetching, no router.
 */
import '../../components/controls.css';
import './scheduling.css';
import { Empty, Radio, Skeleton } from 'antd';
import { useMemo, useState } from 'react';
import type { SlotData } from '../../../shared/contracts/scheduling';
import { formatDay, formatTimeOfDay, slotDay, zoneAbbreviation } from './slot-time';

export interface SlotPickerProps {
  slots: readonly SlotData[];
  timeZone: string;
  selectedSlotId: number | null;
  onSelect: (slotId: number) => void;
  loading?: boolean | undefined;
  disabled?: boolean | undefined;
}

export function groupSlotsByDay(
  slots: readonly SlotData[],
  timeZone: string,
): Map<string, SlotData[]> {
  const days = new Map<string, SlotData[]>();
  for (const slot of [...slots].sort((a, b) => a.startsAt.localeCompare(b.startsAt))) {
    const day = slotDay(slot.startsAt, timeZone);
    const list = days.get(day) ?? [];
    list.push(slot);
    days.set(day, list);
  }
  return days;
}

/** "America/Los Angeles, PDT"; just "UTC" when the two say the same. */
function zoneLabel(timeZone: string): string {
  const name = timeZone.replace(/_/g, ' ');
  const short = zoneAbbreviation(timeZone);
  return short === name ? name : `${name}, ${short}`;
}

export function SlotPicker(props: SlotPickerProps) {
  const days = useMemo(
    () => groupSlotsByDay(props.slots, props.timeZone),
    [props.slots, props.timeZone],
  );
  const selectedDay = useMemo(() => {
    const slot = props.slots.find((s) => s.id === props.selectedSlotId);
    return slot ? slotDay(slot.startsAt, props.timeZone) : null;
  }, [props.slots, props.selectedSlotId, props.timeZone]);
  const [chosenDay, setChosenDay] = useState<string | null>(null);
  const day = chosenDay ?? selectedDay ?? days.keys().next().value ?? null;

  if (props.loading) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (days.size === 0) return <Empty description="No open times in the next two weeks." />;

  return (
    <div className="slot-picker">
      <p className="slot-zone">Times are shown in your time zone ({zoneLabel(props.timeZone)}).</p>
      <fieldset className="choice-group">
        <legend>Day</legend>
        <Radio.Group
          value={day}
          onChange={(event) => setChosenDay(event.target.value as string)}
          optionType="button"
          disabled={props.disabled}
          className="slot-days"
        >
          {[...days.keys()].map((key) => (
            <Radio.Button key={key} value={key}>
              {formatDay(key)}
            </Radio.Button>
          ))}
        </Radio.Group>
      </fieldset>
      <fieldset className="choice-group">
        <legend>Time</legend>
        <Radio.Group
          value={props.selectedSlotId}
          onChange={(event) => props.onSelect(event.target.value as number)}
          optionType="button"
          disabled={props.disabled}
          className="slot-times"
        >
          {(day ? (days.get(day) ?? []) : []).map((slot) => (
            <Radio.Button key={slot.id} value={slot.id}>
              {formatTimeOfDay(slot.startsAt, props.timeZone)}
            </Radio.Button>
          ))}
        </Radio.Group>
      </fieldset>
    </div>
  );
}
