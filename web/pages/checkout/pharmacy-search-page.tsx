import { Skeleton } from 'antd';
import { useState } from 'react';
import { ErrorAlert } from '../../../renderer/components/error-alert';
import { OwnPharmacySection } from '../../../renderer/features/pharmacy/own-pharmacy-section';
import { PharmacyList } from '../../../renderer/features/pharmacy/pharmacy-list';
import { PharmacySearchForm } from '../../../renderer/features/pharmacy/pharmacy-search-form';
import { usePharmacyList } from '../../../renderer/features/pharmacy/use-pharmacy-list';
import { useStates } from '../../../renderer/features/shipping/use-states';
import { routes } from '../../../shared/checkout/routes';
import { type CheckoutContext, CheckoutPage } from '../../checkout/checkout-page';
import { PharmacyLinks } from '../../checkout/pharmacy/pharmacy-links';
import { StepPartnerOption } from '../../checkout/pharmacy/step-partner-option';
import { usePharmacyStep } from '../../checkout/pharmacy/use-pharmacy-step';

/** /checkout/pharmacy-search: pharmacies by zip code, city or name. */
export default function PharmacySearchPage() {
  return (
    <CheckoutPage title="Find a pharmacy">
      {(context) => <PharmacySearch context={context} />}
    </CheckoutPage>
  );
}

function PharmacySearch({ context }: { context: CheckoutContext }) {
  const step = usePharmacyStep(context);
  const states = useStates();
  const shippingZip = context.order.addresses.Shipping?.zip ?? null;
  // The shipping zip's area (its first three digits), nearest first: an exact zip often has none.
  const area = shippingZip ? shippingZip.slice(0, 3) : null;
  const [search, setSearch] = useState<string | null>(area);
  const results = usePharmacyList(context.settings.PharmacyChoice ? search : null, shippingZip);

  if (!context.settings.PharmacyChoice) {
    return <StepPartnerOption step={step} onlyOption />;
  }
  return (
    <div className="pharmacy-search">
      {step.failure ? <ErrorAlert error={step.failure} /> : null}
      <PharmacySearchForm
        initialSearch={area ?? ''}
        onSearch={setSearch}
        searching={results.isFetching}
      />
      <PharmacyLinks here={routes.pharmacySearch} />
      {results.error ? <ErrorAlert error={results.error} /> : null}
      {results.isPending && search ? <Skeleton active paragraph={{ rows: 4 }} /> : null}
      {results.data ? (
        <section aria-live="polite" aria-label="Search results">
          <PharmacyList
            pharmacies={results.data}
            selectedId={typeof step.current === 'number' ? step.current : null}
            onSelect={(pharmacy) => step.chooseListed(pharmacy.id)}
            selectingId={typeof step.choosing === 'number' ? step.choosing : null}
            emptyText="No pharmacies match your search."
          />
        </section>
      ) : null}
      <OwnPharmacySection
        states={states}
        shippingState={context.order.addresses.Shipping?.state ?? null}
        onSubmit={step.chooseOwn}
        submitting={step.choosing === 'own'}
      />
      <StepPartnerOption step={step} />
    </div>
  );
}
