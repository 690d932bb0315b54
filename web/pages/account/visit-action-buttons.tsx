import { Button, Space } from 'antd';
import { useNavigate } from 'react-router';
import { visitActions } from '../../../renderer/features/visits/visit-actions';
import type { VisitData } from '../../../shared/contracts/visits';

/** The visit actions of spec §2 that apply to a visit now, as buttons. */
export function VisitActionButtons({ visit, now }: { visit: VisitData; now: Date }) {
  const navigate = useNavigate();
  return (
    <Space wrap>
      {visitActions(visit, now).map((action) => (
        <Button
          key={action.label}
          type={action.primary ? 'primary' : 'default'}
          onClick={() => void navigate(action.href)}
        >
          {action.label}
        </Button>
      ))}
    </Space>
  );
}
