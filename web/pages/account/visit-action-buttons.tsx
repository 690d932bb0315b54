import '../../../renderer/components/button.css';
import { useNavigate } from 'react-router';
import { visitActions } from '../../../renderer/features/visits/visit-actions';
import type { VisitData } from '../../../shared/contracts/visits';

/** The visit actions of spec §2 that apply to a visit now, as buttons. */
export function VisitActionButtons({ visit, now }: { visit: VisitData; now: Date }) {
  const navigate = useNavigate();
  return (
    <div className="button-row">
      {visitActions(visit, now).map((action) => (
        <button
          key={action.label}
          type="button"
          className={action.primary ? 'button button--primary' : 'button'}
          onClick={() => void navigate(action.href)}
        >
          {action.label}
        </button>
      ))}
    </div>
  );
}
