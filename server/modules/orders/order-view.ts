import { pendingConsultProductIds } from '../../../shared/checkout/pending-consult';
import type { OrderData, PharmacyData } from '../../../shared/contracts/orders';
import { fallbackImagePath } from '../../../shared/theme/layout';
import type { DbOrTx } from '../../db/client';
import type { pharmacies } from '../../db/schema/care-network';
import type { AppDeps } from '../../deps';
import { cachedStorefrontSettings } from '../config/storefront-cache';
import { inviteeFrom, phonesOf } from './invitee';
import type { PricedOrder } from './order-pricing';
import { completedStageBits, pendingStagesOf, requiredStageBits } from './order-stages';

const dollars = (cents: number) => cents / 100;

export function pharmacyView(row: typeof pharmacies.$inferSelect): PharmacyData {
  return {
    id: row.id,
    isPatientCreated: row.isPatientCreated,
    npi: row.npi,
    pharmacyName: row.pharmacyName,
    fax: row.fax,
    phone: row.phone,
    address: row.address,
    city: row.city,
    zip: row.zip,
    state: row.state,
  };
}

/** The order as the spec's clients read it (the guest order response of spec §3). */
export async function orderView(
  deps: AppDeps,
  db: DbOrTx,
  priced: PricedOrder,
): Promise<OrderData> {
  const { order, items, products, totals } = priced;
  const { pharmacy, doctor, slot, shippingMethod: method, owner } = priced.parts;
  const settings = await cachedStorefrontSettings(deps.database, order.storefrontId, db);

  const doctorRef = doctor
    ? { doctorId: doctor.id, name: `Dr. ${doctor.firstName} ${doctor.lastName}` }
    : null;
  const phones = phonesOf(owner, order);
  const schedule = slot
    ? {
        id: slot.id,
        startsAt: slot.startsAt.toISOString(),
        endsAt: slot.endsAt.toISOString(),
        heldUntil: slot.heldUntil?.toISOString() ?? null,
        invitee: inviteeFrom(owner, order),
      }
    : null;
  const consultItems = items.filter((item) => products.get(item.productId)?.isConsultRequired);

  const itemViews = items.map((item) => {
    const product = products.get(item.productId);
    const requiresConsult = product?.isConsultRequired ?? false;
    return {
      id: item.id,
      productId: item.productId,
      product_title: product?.title ?? 'Discontinued product',
      displayName: product?.displayName ?? 'Discontinued product',
      thumbnail: product?.thumbnail ?? fallbackImagePath,
      price: dollars(item.unitPriceCents),
      unitPrice: dollars(item.unitPriceCents),
      priceCents: item.unitPriceCents,
      qty: item.qty,
      count: item.qty,
      qtyRange: product?.qtyRange ?? [item.qty],
      defaultQuantity: product?.defaultQuantity ?? 1,
      consultFee: dollars(item.consultFeeCents),
      consultFeeCents: item.consultFeeCents,
      isConsultAttached: requiresConsult,
      isConsultRequired: requiresConsult,
      type: product?.type ?? 'otc',
      description: product?.description ?? '',
      checkoutStages: item.checkoutStages,
      completedCheckoutStages: item.completedCheckoutStages,
      cartItemPharmacy: requiresConsult && pharmacy ? pharmacyView(pharmacy) : null,
      schedule: requiresConsult ? schedule : null,
      doctor: requiresConsult ? doctorRef : null,
      shipping: order.shippingAddress
        ? { state: order.shippingAddress.state, carrierId: order.shippingMethodId }
        : null,
      visit: requiresConsult && product?.visitType ? { type: product.visitType } : null,
      consultOrderItems: requiresConsult ? [item.id] : [],
    };
  });
  const visitType = consultItems
    .map((item) => products.get(item.productId)?.visitType ?? null)
    .filter((v): v is number => v !== null)
    .sort((a, b) => a - b)[0];

  return {
    id: order.id,
    orderId: order.id,
    orderNumber: order.orderNumber,
    status: order.status,
    sessionGuid: order.sessionGuid,
    items: itemViews,
    consultOrderItems: consultItems.map((item) => ({
      orderItemId: item.id,
      productId: item.productId,
      completed: (item.completedCheckoutStages & 1) !== 0,
    })),
    checkoutStages: requiredStageBits(items),
    completedCheckoutStages: completedStageBits(items),
    pendingStages: pendingStagesOf(items, order.userId !== null),
    pendingConsultProductIds: pendingConsultProductIds(
      itemViews.map((i) => ({
        productId: i.productId,
        isConsultRequired: i.isConsultRequired,
        completedCheckoutStages: i.completedCheckoutStages,
      })),
    ),
    addresses: {
      Shipping: order.shippingAddress
        ? { id: order.shippingAddressId, ...order.shippingAddress }
        : null,
    },
    carrier: method
      ? {
          id: method.id,
          shipping: dollars(method.feeCents),
          name: method.name,
          carrier: method.carrier,
        }
      : null,
    coupon: order.couponCode ? { code: order.couponCode } : null,
    totalDiscount: dollars(totals.discountCents),
    isPromoCodeApplied: priced.isPromoCodeApplied,
    isSalesTaxApplied: priced.isSalesTaxApplied,
    salesTaxAmount: dollars(totals.salesTaxCents),
    subtotal: dollars(totals.subtotalCents),
    consultFee: dollars(totals.consultFeeCents),
    shippingCost: dollars(totals.shippingCents),
    total: dollars(totals.totalCents),
    totals,
    applicationSettings: {
      PharmacyChoice: settings?.applicationSettings.PharmacyChoice ?? false,
      HideBMI: settings?.applicationSettings.HideBMI ?? false,
    },
    pharmacy: pharmacy ? pharmacyView(pharmacy) : null,
    acceptInternalPharmacy: pharmacy?.isInternal ?? false,
    people: { phones },
    doctor: doctorRef,
    visit: visitType ? { type: visitType } : null,
    createdAt: order.createdAt.toISOString(),
    paidAt: order.paidAt?.toISOString() ?? null,
  };
}
