import '../../../renderer/components/button.css';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { Notice } from '../../../renderer/components/notice';
import { formatSlotTime, patientTimeZone } from '../../../renderer/features/scheduling/slot-time';
import { useWelcomeVisits } from '../../../renderer/features/visits/use-patient-visit';
import { routes } from '../../../shared/checkout/routes';
import type { VisitData } from '../../../shared/contracts/visits';
import { useStorefront } from '../../app/storefront-context';
import { useNow } from './use-now';
import { VisitActionButtons } from './visit-action-buttons';

/**
 * The welcome-back screens of spec §2/§7 at the top of the account: a visit about to start
 * (CONNECT TO YOUR VISIT NOW), a missed visit to book again, or the next scheduled visit.
 * Nothing when there is no visit to tell of.
 */
export function WelcomeBack({ identity }: { identity: string }) {
  const storefront = useStorefront();
  const welcome = useWelcomeVisits(identity, storefront.id, true);
  const timeZone = useMemo(patientTimeZone, []);
  const now = useNow();
  const navigate = useNavigate();
  const { aboutToStart, missed, scheduled } = welcome.data ?? {};
  const when = (visit: VisitData) => formatSlotTime(visit.startsAt, timeZone);
  const actions = (visit: VisitData) => <VisitActionButtons visit={visit} now={now} />;
  if (aboutToStart) {
    return (
      <Notice
        className="welcome-back"
        tone="success"
        title={`Your visit with ${aboutToStart.doctor.name} is about to start (${when(aboutToStart)}).`}
        description={
          aboutToStart.visitType === 2 ? (
            'A phone visit: your doctor will call you at the phone number of your order.'
          ) : (
            <button
              type="button"
              className="button button--primary"
              onClick={() =>
                void navigate(
                  `${routes.patientVisit}?orderId=${encodeURIComponent(aboutToStart.orderId)}`,
                )
              }
            >
              CONNECT TO YOUR VISIT NOW
            </button>
          )
        }
      />
    );
  }
  if (missed) {
    return (
      <Notice
        className="welcome-back"
        tone="warning"
        title={`You missed your visit with ${missed.doctor.name} on ${when(missed)}.`}
        description={
          <>
            <p>Book another time to finish your order.</p>
            {actions(missed)}
          </>
        }
      />
    );
  }
  if (scheduled) {
    return (
      <Notice
        className="welcome-back"
        tone="info"
        title={`Your next visit: ${when(scheduled)} with ${scheduled.doctor.name}.`}
        description={actions(scheduled)}
      />
    );
  }
  return null;
}
