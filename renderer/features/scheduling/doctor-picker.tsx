/**
 * Doctor selection (spec §2 schedule-visit): each doctor with photo, credentials, specialty,
 * next free time and bio, and a SELECT THIS PROVIDER button.
 *
 * Props: `doctors` (DoctorSummaryData[] of shared/contracts/scheduling), `selectedDoctorId`,
 * `onSelect(doctorId)`, `renderBio(doctorId)` (what to show under "About"; the caller fetches,
 * e.g. with DoctorBio), `timeZone` (for the next free time), `disabled`.
 * Presentational: no fetching, no router.
 */
import './scheduling.css';
import { Avatar, Button, Collapse } from 'antd';
import type { ReactNode } from 'react';
import type { DoctorSummaryData } from '../../../shared/contracts/scheduling';
import { formatSlotTime } from './slot-time';

export interface DoctorPickerProps {
  doctors: readonly DoctorSummaryData[];
  selectedDoctorId: number | null;
  onSelect: (doctorId: number) => void;
  renderBio?: ((doctorId: number) => ReactNode) | undefined;
  timeZone: string;
  disabled?: boolean | undefined;
}

export const selectProviderLabel = 'SELECT THIS PROVIDER';

function initials(name: string): string {
  return name
    .replace(/^Dr\.?\s+/i, '')
    .split(/\s+/)
    .map((part) => part[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();
}

export function DoctorPicker(props: DoctorPickerProps) {
  return (
    <ul className="doctor-list" aria-label="Providers">
      {props.doctors.map((doctor) => {
        const selected = doctor.doctorId === props.selectedDoctorId;
        const headingId = `doctor-${doctor.doctorId}-name`;
        return (
          <li
            key={doctor.doctorId}
            className={`doctor-card${selected ? ' is-selected' : ''}`}
            aria-labelledby={headingId}
          >
            <div className="doctor-head">
              <Avatar size={64} src={doctor.photo ?? undefined} alt="">
                {initials(doctor.name)}
              </Avatar>
              <div className="doctor-text">
                <h3 id={headingId} className="doctor-name">
                  {doctor.name}
                  {doctor.credentials ? `, ${doctor.credentials}` : ''}
                </h3>
                <span>{doctor.specialty}</span>
                <span className="doctor-next">
                  {doctor.nextAvailable
                    ? `Next available: ${formatSlotTime(doctor.nextAvailable, props.timeZone)}`
                    : 'No open times right now'}
                </span>
              </div>
            </div>
            {props.renderBio ? (
              <Collapse
                size="small"
                ghost
                items={[
                  {
                    key: 'bio',
                    label: `About ${doctor.name}`,
                    children: props.renderBio(doctor.doctorId),
                  },
                ]}
              />
            ) : null}
            <Button
              type={selected ? 'default' : 'primary'}
              size="large"
              block
              onClick={() => props.onSelect(doctor.doctorId)}
              disabled={props.disabled}
              aria-pressed={selected}
              aria-describedby={headingId}
            >
              {selected ? 'SELECTED' : selectProviderLabel}
            </Button>
          </li>
        );
      })}
    </ul>
  );
}
