import { Link } from 'react-router';
import { formatSlotTime, patientTimeZone } from '../../../renderer/features/scheduling/slot-time';
import { AddressLines } from '../../../renderer/features/shipping/address-lines';
import { methodName } from '../../../renderer/features/shipping/method-name';
import { formatUsd } from '../../../shared/cart/money';
import { routes } from '../../../shared/checkout/routes';
import type { OrderData } from '../../../shared/contracts/orders';

/** What the order will do: where it ships and how, which pharmacy, which doctor and when;
 * each with a link back to change it (earlier steps stay open for editing). */
export function OrderFacts({ order, editable = true }: { order: OrderData; editable?: boolean }) {
  const address = order.addresses.Shipping;
  const visit = order.items.find((item) => item.schedule)?.schedule ?? null;
  const facts: { label: string; value: React.ReactNode; edit?: string }[] = [];
  if (address) {
    facts.push({
      label: 'Ship to',
      value: <AddressLines address={address} />,
      edit: routes.shippingDetails,
    });
  }
  if (order.carrier) {
    facts.push({
      label: 'Delivery',
      value: `${methodName(order.carrier)} (${
        order.carrier.shipping === 0 ? 'Free' : formatUsd(order.totals.shippingCents)
      })`,
      edit: routes.shippingDetails,
    });
  }
  if (order.acceptInternalPharmacy || order.pharmacy) {
    facts.push({
      label: 'Pharmacy',
      value: order.pharmacy
        ? `${order.pharmacy.pharmacyName}, ${order.pharmacy.city}, ${order.pharmacy.state}`
        : 'Our partner pharmacy',
      edit: routes.pharmacyOptions,
    });
  }
  if (order.doctor) {
    facts.push({ label: 'Doctor', value: order.doctor.name });
  }
  if (visit) {
    facts.push({
      label: 'Visit',
      value: formatSlotTime(visit.startsAt, patientTimeZone()),
      edit: routes.scheduleVisit,
    });
  }
  if (facts.length === 0) return null;
  return (
    <section className="checkout-section order-facts" aria-labelledby="order-facts-title">
      <h2 id="order-facts-title" className="section-title">
        Details
      </h2>
      <dl>
        {facts.map((fact) => (
          <div key={fact.label} className="fact-row">
            <dt>{fact.label}</dt>
            <dd>
              {fact.value}
              {editable && fact.edit ? (
                <>
                  {' '}
                  <Link
                    to={fact.edit}
                    className="fact-edit"
                    aria-label={`Change ${fact.label.toLowerCase()}`}
                  >
                    Change
                  </Link>
                </>
              ) : null}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
