import type { PrescriberInfoData } from '../../../shared/contracts/registration';
import { formatPhone } from '../../components/format';

/** The ECP who registered the patient: practice, name, NPI and phone. Presentational. */
export function PrescriberCard({ prescriber }: { prescriber: PrescriberInfoData }) {
  return (
    <section className="prescriber-card" aria-labelledby="prescriber-title">
      <h2 id="prescriber-title">Your eye care professional</h2>
      <dl>
        {prescriber.practiceName ? (
          <div>
            <dt>Practice</dt>
            <dd>{prescriber.practiceName}</dd>
          </div>
        ) : null}
        <div>
          <dt>Name</dt>
          <dd>
            {prescriber.firstName} {prescriber.lastName}
          </dd>
        </div>
        {prescriber.npi ? (
          <div>
            <dt>NPI</dt>
            <dd>{prescriber.npi}</dd>
          </div>
        ) : null}
        {prescriber.phone ? (
          <div>
            <dt>Phone</dt>
            <dd>{formatPhone(prescriber.phone)}</dd>
          </div>
        ) : null}
      </dl>
    </section>
  );
}
