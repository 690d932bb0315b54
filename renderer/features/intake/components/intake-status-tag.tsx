import { Tag } from 'antd';
import type { IntakePatient } from '../../../../shared/contracts/registration';

const colors: Record<IntakePatient['status'], string> = {
  invited: 'gold',
  registered: 'blue',
  ordered: 'green',
};

/** Where a registered patient stands: invited, registered (finished sign-up) or ordered. */
export function IntakeStatusTag({ status }: { status: IntakePatient['status'] }) {
  return <Tag color={colors[status]}>{status}</Tag>;
}
