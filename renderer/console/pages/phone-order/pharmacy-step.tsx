import { Button, Flex, Skeleton } from 'antd';
import { useState } from 'react';
import type { NewPharmacyInput, PharmacyListItem } from '../../../../shared/contracts/pharmacy';
import { ErrorAlert } from '../../../components/error-alert';
import { OwnPharmacySection } from '../../../features/pharmacy/own-pharmacy-section';
import { PartnerPharmacyOption } from '../../../features/pharmacy/partner-pharmacy-option';
import { PharmacyList } from '../../../features/pharmacy/pharmacy-list';
import { PharmacyMap } from '../../../features/pharmacy/pharmacy-map';
import { PharmacySearchForm } from '../../../features/pharmacy/pharmacy-search-form';
import { useChoosePharmacy } from '../../../features/pharmacy/use-choose-pharmacy';
import { usePharmacyList } from '../../../features/pharmacy/use-pharmacy-list';
import { usePharmacyMap } from '../../../features/pharmacy/use-pharmacy-map';
import { useStatesAsStaff } from '../../../features/phone-order/states-as-staff';
import type { PhoneOrderContext } from './phone-order-context';

const ZIP = /^[0-9]{5}$/;

/**
 * Which pharmacy fills the prescription: the storefront's partner pharmacy, or (when the
 * storefront lets the patient choose) one near a zip code, nearest first and on a map,
 * starting at the shipping address; a name or a city searches by text instead.
 */
export function PharmacyStep({ context }: { context: PhoneOrderContext }) {
  const { order } = context;
  const choice = order.applicationSettings.PharmacyChoice;
  const shippingZip = order.addresses.Shipping?.zip ?? null;
  const [search, setSearch] = useState<string | null>(shippingZip);
  const byZip = search !== null && ZIP.test(search);
  const nearby = usePharmacyMap(choice && byZip ? 'patient' : null, byZip ? search : null);
  const byText = usePharmacyList(choice && !byZip ? search : null);
  const choose = useChoosePharmacy();
  const states = useStatesAsStaff();
  const [choosing, setChoosing] = useState<number | 'partner' | 'own' | null>(null);
  const [highlighted, setHighlighted] = useState<number | null>(null);
  const found = byZip ? nearby : byText;
  const pharmacies: readonly PharmacyListItem[] | undefined = byZip
    ? nearby.data?.pharmacies
    : byText.data;

  const chosen = (pick: number | 'partner' | NewPharmacyInput) => {
    setChoosing(typeof pick === 'object' ? 'own' : pick);
    const base = { buyer: 'patient' as const, orderId: order.id };
    choose.mutate(
      pick === 'partner'
        ? { ...base, kind: 'partner' }
        : typeof pick === 'number'
          ? { ...base, kind: 'listed', pharmacyId: pick }
          : { ...base, kind: 'own', pharmacy: pick },
      {
        onSuccess: (updated) => {
          context.setOrder(updated);
          context.goNext('pharmacy');
        },
        onSettled: () => setChoosing(null),
      },
    );
  };

  const done = order.acceptInternalPharmacy || order.pharmacy !== null;
  return (
    <Flex vertical gap={16}>
      {choose.error ? <ErrorAlert error={choose.error} /> : null}
      <div className="phone-order-panel">
        <PartnerPharmacyOption
          onAccept={() => chosen('partner')}
          accepting={choosing === 'partner'}
          accepted={order.acceptInternalPharmacy}
          onlyOption={!choice}
        />
      </div>
      {choice ? (
        <section className="checkout-section" aria-labelledby="phone-pharmacy-search">
          <h3 id="phone-pharmacy-search" className="section-title">
            Or a pharmacy the patient chooses
          </h3>
          <div className="phone-order-panel">
            <PharmacySearchForm
              initialSearch={shippingZip ?? undefined}
              onSearch={setSearch}
              searching={found.isFetching}
            />
          </div>
          {found.error ? <ErrorAlert error={found.error} /> : null}
          {found.isPending && search ? <Skeleton active paragraph={{ rows: 3 }} /> : null}
          {pharmacies ? (
            <div className="phone-order-pharmacies">
              <PharmacyList
                pharmacies={pharmacies}
                selectedId={order.pharmacy?.id ?? null}
                selectingId={typeof choosing === 'number' ? choosing : null}
                highlightedId={highlighted}
                onSelect={(pharmacy) => chosen(pharmacy.id)}
                emptyText="No pharmacies found. Try another zip code, city or name."
              />
              {byZip && nearby.data && nearby.data.pharmacies.length > 0 ? (
                <PharmacyMap
                  center={nearby.data}
                  pharmacies={nearby.data.pharmacies}
                  selectedId={order.pharmacy?.id ?? null}
                  highlightedId={highlighted}
                  onMarkerClick={(pharmacy) => setHighlighted(pharmacy.id)}
                  height={360}
                />
              ) : null}
            </div>
          ) : null}
          <OwnPharmacySection
            states={states}
            shippingState={order.addresses.Shipping?.state ?? null}
            onSubmit={chosen}
            submitting={choosing === 'own'}
            openLabel="The patient's pharmacy is not listed"
          />
        </section>
      ) : null}
      {done ? (
        <Button onClick={() => context.goNext('pharmacy')} style={{ alignSelf: 'flex-start' }}>
          Keep {order.pharmacy?.pharmacyName ?? 'the partner pharmacy'} and continue
        </Button>
      ) : null}
    </Flex>
  );
}
