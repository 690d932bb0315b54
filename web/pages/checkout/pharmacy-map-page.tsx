import { Skeleton } from 'antd';
import { useState } from 'react';
import { ErrorAlert } from '../../../renderer/components/error-alert';
import { PharmacyList } from '../../../renderer/features/pharmacy/pharmacy-list';
import { PharmacyMap } from '../../../renderer/features/pharmacy/pharmacy-map';
import { usePharmacyMap } from '../../../renderer/features/pharmacy/use-pharmacy-map';
import { routes } from '../../../shared/checkout/routes';
import { type CheckoutContext, CheckoutPage } from '../../checkout/checkout-page';
import { PharmacyLinks } from '../../checkout/pharmacy/pharmacy-links';
import { StepPartnerOption } from '../../checkout/pharmacy/step-partner-option';
import { usePharmacyStep } from '../../checkout/pharmacy/use-pharmacy-step';
import { ZipSearch } from '../../checkout/pharmacy/zip-search';

/**
 * /checkout/pharmacy-map: pharmacies around a zip code (the shipping address's by default) on a
 * map and in a list. The list is always there: it is how keyboards and screen readers choose,
 * and the map's tiles may not load (offline), while its markers still show.
 */
export default function PharmacyMapPage() {
  return (
    <CheckoutPage title="Pharmacies near you" wide>
      {(context) => <PharmacyMapStep context={context} />}
    </CheckoutPage>
  );
}

function PharmacyMapStep({ context }: { context: CheckoutContext }) {
  const step = usePharmacyStep(context);
  const [zip, setZip] = useState<string | null>(null);
  const [highlighted, setHighlighted] = useState<number | null>(null);
  const map = usePharmacyMap(context.settings.PharmacyChoice ? context.buyer : null, zip);
  const selectedId = typeof step.current === 'number' ? step.current : null;

  if (!context.settings.PharmacyChoice) {
    return <StepPartnerOption step={step} onlyOption />;
  }
  return (
    <div className="pharmacy-map-step">
      {step.failure ? <ErrorAlert error={step.failure} /> : null}
      <ZipSearch initialZip={map.data?.zip ?? ''} onSearch={setZip} searching={map.isFetching} />
      <PharmacyLinks here={routes.pharmacyMap} />
      {map.error ? <ErrorAlert error={map.error} /> : null}
      {map.isPending ? <Skeleton active paragraph={{ rows: 6 }} /> : null}
      {map.data ? (
        <div className="map-and-list">
          <PharmacyMap
            center={map.data}
            pharmacies={map.data.pharmacies}
            selectedId={selectedId}
            highlightedId={highlighted}
            onMarkerClick={(pharmacy) => {
              setHighlighted(pharmacy.id);
              document
                .getElementById(`pharmacy-${pharmacy.id}`)
                ?.scrollIntoView({ block: 'nearest' });
            }}
          />
          <PharmacyList
            pharmacies={map.data.pharmacies}
            selectedId={selectedId}
            highlightedId={highlighted}
            onSelect={(pharmacy) => step.chooseListed(pharmacy.id)}
            selectingId={typeof step.choosing === 'number' ? step.choosing : null}
            emptyText={`No pharmacies within ${map.data.radiusMiles} miles of ${map.data.zip}.`}
          />
        </div>
      ) : null}
      <StepPartnerOption step={step} />
    </div>
  );
}
