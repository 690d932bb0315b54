/**
 * A doctor's bio: the text, specialty and the states they are licensed in.
 *
 * Props: `bio` (DoctorBioData of shared/contracts/scheduling, or undefined while loading),
 * `loading`. Presentational.
 */
import { Skeleton } from 'antd';
import type { DoctorBioData } from '../../../shared/contracts/scheduling';

export function DoctorBio(props: { bio: DoctorBioData | undefined; loading?: boolean }) {
  if (!props.bio) return props.loading ? <Skeleton active paragraph={{ rows: 3 }} /> : null;
  const { bio } = props;
  return (
    <div className="doctor-bio">
      <p>{bio.bio}</p>
      <p className="doctor-licensed">Licensed in: {bio.licensedStates.join(', ')}</p>
    </div>
  );
}
