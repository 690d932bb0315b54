import { DoctorBio } from '../../../renderer/features/scheduling/doctor-bio';
import { useDoctorBio } from '../../../renderer/features/scheduling/use-doctor-bio';

/** A doctor's bio, fetched when its panel opens. */
export function ConnectedBio({ doctorId }: { doctorId: number }) {
  const bio = useDoctorBio(doctorId);
  if (bio.error) return <p>We could not load this doctor's bio.</p>;
  return <DoctorBio bio={bio.data} loading={bio.isPending} />;
}
