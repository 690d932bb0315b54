import { Skeleton } from 'antd';
import { ErrorAlert } from '../../../renderer/components/error-alert';
import { PharmacyList } from '../../../renderer/features/pharmacy/pharmacy-list';
import { usePharmacyMap } from '../../../renderer/features/pharmacy/use-pharmacy-map';
import { routes } from '../../../shared/checkout/routes';
import { type CheckoutContext, CheckoutPage } from '../../checkout/checkout-page';
import { PharmacyLinks } from '../../checkout/pharmacy/pharmacy-links';
import { StepPartnerOption } from '../../checkout/pharmacy/step-partner-option';
import { usePharmacyStep } from '../../checkout/pharmacy/use-pharmacy-step';

/**
 * /checkout/pharmacy-options: our partner pharmacy, or (when the storefront's PharmacyChoice
 * allows) a pharmacy near the shipping address, found here, by search or on a map.
 */
export default function PharmacyOptionsPage() {
  return (
    <CheckoutPage title="Choose your pharmacy">
      {(context) => <PharmacyOptions context={context} />}
    </CheckoutPage>
  );
}

function PharmacyOptions({ context }: { context: CheckoutContext }) {
  const choice = context.settings.PharmacyChoice;
  const step = usePharmacyStep(context);
  const nearby = usePharmacyMap(choice ? context.buyer : null, null);
  return (
    <div className="pharmacy-options">
      {step.failure ? <ErrorAlert error={step.failure} /> : null}
      <StepPartnerOption step={step} onlyOption={!choice} />
      {choice ? (
        <section className="checkout-section" aria-labelledby="nearby-title">
          <h2 id="nearby-title" className="section-title">
            Or choose a pharmacy near you
          </h2>
          <PharmacyLinks here={routes.pharmacyOptions} />
          {nearby.error ? <ErrorAlert error={nearby.error} /> : null}
          {nearby.isPending ? <Skeleton active paragraph={{ rows: 4 }} /> : null}
          {nearby.data ? (
            <PharmacyList
              pharmacies={nearby.data.pharmacies.slice(0, 5)}
              selectedId={typeof step.current === 'number' ? step.current : null}
              onSelect={(pharmacy) => step.chooseListed(pharmacy.id)}
              selectingId={typeof step.choosing === 'number' ? step.choosing : null}
              emptyText={`No pharmacies within ${nearby.data.radiusMiles} miles of ${nearby.data.zip}.`}
            />
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
