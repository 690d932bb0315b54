import { base, en, Faker } from '@faker-js/faker';
import { evaluatePromo, type PromoLine, type PromoTerms } from '../../../shared/cart/promo';
import { type CartTotals, cartTotals } from '../../../shared/cart/totals';
import { type UsZipEntry, usZipCodes } from '../../lib/us-zip-codes';
import type { users } from '../schema/identity';
import type {
  AddressSnapshot,
  addresses,
  cards,
  OrderStatus,
  orderItems,
  orderStatusHistory,
  orders,
  payments,
  promoRedemptions,
} from '../schema/orders';

/**
 * Rows of realistic placed orders for benchmarks, generated in memory and deterministically:
 * the same seed and context give the same patients and orders, row for row. Everything random
 * comes from one seeded faker, ids included. The database work is in bulk-orders.ts.
 */

export interface CatalogProduct {
  id: number;
  priceCents: number;
  consultFeeCents: number;
  isConsultRequired: boolean;
  visitType: number | null;
  requiredStages: number;
  qtyRange: number[];
  defaultQuantity: number;
  shippableStates: string[];
}

export interface SeedPromo {
  code: string;
  terms: PromoTerms;
}

/** What the generated orders refer to: the catalog and care network already in the database. */
export interface GeneratorContext {
  storefrontId: number;
  now: Date;
  totalOrders: number;
  products: CatalogProduct[];
  shippingMethods: { id: number; feeCents: number }[];
  /** Sales tax in basis points by state; empty when the storefront charges none. */
  taxRates: Record<string, number>;
  promos: SeedPromo[];
  pharmacyIds: number[];
  doctors: { id: number; licensedStates: string[] }[];
  agentIds: string[];
}

/** The little of a patient the orders need. */
interface SeedPatient {
  id: string;
  address: AddressSnapshot;
  addressId: string;
  cardId: string;
  products: CatalogProduct[];
}

export interface PatientRows {
  users: (typeof users.$inferInsert)[];
  addresses: (typeof addresses.$inferInsert)[];
  cards: (typeof cards.$inferInsert)[];
}

export interface OrderRows {
  orders: (typeof orders.$inferInsert)[];
  items: (typeof orderItems.$inferInsert)[];
  payments: (typeof payments.$inferInsert)[];
  history: (typeof orderStatusHistory.$inferInsert)[];
  redemptions: (typeof promoRedemptions.$inferInsert)[];
  /** Per promo code, how many of these orders used it. */
  promoUses: Map<string, number>;
}

const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;
/** Orders spread over the last two years. */
export const orderSpanMs = 730 * day;

const stateCodes = new Set(
  'AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY'.split(
    ' ',
  ),
);

const areaCodes = [
  '201',
  '206',
  '212',
  '213',
  '214',
  '215',
  '303',
  '305',
  '312',
  '314',
  '404',
  '415',
  '425',
  '503',
  '512',
  '602',
  '612',
  '617',
  '646',
  '702',
  '713',
  '718',
  '773',
  '801',
  '804',
  '808',
  '813',
  '816',
  '904',
  '907',
  '916',
  '919',
  '971',
];

const cardBrands = [
  'visa',
  'visa',
  'visa',
  'mastercard',
  'mastercard',
  'american-express',
  'discover',
];

/** Real US zip codes with their city and state, in a fixed order. */
function usZips(): UsZipEntry[] {
  return usZipCodes()
    .filter((z) => stateCodes.has(z.state) && z.city)
    .sort((a, b) => a.zip.localeCompare(b.zip));
}

/** "O'Brien-Smith" → "obriensmith": what an email address can hold. */
function emailPart(name: string): string {
  return (
    name
      .normalize('NFKD')
      .toLowerCase()
      .replace(/[^a-z]/g, '') || 'patient'
  );
}

type Step = { status: OrderStatus; at: Date };

export class BulkOrderGenerator {
  private readonly faker: Faker;
  private readonly zips = usZips();
  private readonly patients: SeedPatient[] = [];
  private readonly productsByState = new Map<string, CatalogProduct[]>();
  private orderIndex = 0;

  /**
   * @param seed the caller's seed
   * @param firstPatientOrdinal the n of the first patient's email (first.last.<n>@example.com),
   *   above those of earlier runs so that emails stay unique
   */
  constructor(
    private readonly ctx: GeneratorContext,
    seed: number,
    private readonly firstPatientOrdinal = 1,
  ) {
    this.faker = new Faker({ locale: [en, base] });
    this.faker.seed([seed, firstPatientOrdinal]);
    this.faker.setDefaultRefDate(ctx.now);
  }

  get patientCount(): number {
    return this.patients.length;
  }

  private productsFor(state: string): CatalogProduct[] {
    let list = this.productsByState.get(state);
    if (!list) {
      list = this.ctx.products.filter((p) => p.shippableStates.includes(state));
      this.productsByState.set(state, list);
    }
    return list;
  }

  private phone(): string {
    const f = this.faker;
    return `${f.helpers.arrayElement(areaCodes)}${f.number.int({ min: 200, max: 999 })}${f.string.numeric(4)}`;
  }

  /** The next `count` patients: an account (no password), a home address and a saved card each. */
  nextPatients(count: number): PatientRows {
    const f = this.faker;
    const rows: PatientRows = { users: [], addresses: [], cards: [] };
    const earliest = this.ctx.now.getTime() - orderSpanMs - 180 * day;
    for (let i = 0; i < count; i += 1) {
      const ordinal = this.firstPatientOrdinal + this.patients.length;
      const sex = f.person.sexType();
      const firstName = f.person.firstName(sex);
      const lastName = f.person.lastName();
      const phone = this.phone();
      const createdAt = new Date(earliest + f.number.int({ min: 0, max: 180 * day }));
      const id = f.string.uuid();
      rows.users.push({
        id,
        email: `${emailPart(firstName)}.${emailPart(lastName)}.${ordinal}@example.com`,
        passwordHash: null,
        firstName,
        lastName,
        phone,
        dateOfBirth: f.date.birthdate({ mode: 'age', min: 18, max: 85 }).toISOString().slice(0, 10),
        role: 'patient',
        storefrontId: this.ctx.storefrontId,
        signupSource: 'seed',
        createdAt,
        updatedAt: createdAt,
      });

      let zip = f.helpers.arrayElement(this.zips);
      // A patient lives where at least one product ships (all of them, with the seeded catalog).
      for (let tries = 0; this.productsFor(zip.state).length === 0 && tries < 20; tries += 1) {
        zip = f.helpers.arrayElement(this.zips);
      }
      const address: AddressSnapshot = {
        fullName: `${firstName} ${lastName}`,
        line1: f.location.streetAddress(),
        line2: f.datatype.boolean(0.15) ? f.location.secondaryAddress() : null,
        city: zip.city,
        state: zip.state,
        zip: zip.zip,
        phone,
      };
      const addressId = f.string.uuid();
      rows.addresses.push({
        id: addressId,
        userId: id,
        ...address,
        createdAt,
        lastUsedAt: createdAt,
      });

      const cardId = f.string.uuid();
      rows.cards.push({
        id: cardId,
        userId: id,
        gatewayToken: `tok_sandbox_ok_${f.string.alphanumeric(24)}`,
        brand: f.helpers.arrayElement(cardBrands),
        last4: f.string.numeric(4),
        expMonth: f.number.int({ min: 1, max: 12 }),
        expYear: this.ctx.now.getUTCFullYear() + f.number.int({ min: 0, max: 4 }),
        holderName: `${firstName} ${lastName}`,
        isDefault: true,
        createdAt,
      });
      this.patients.push({ id, address, addressId, cardId, products: this.productsFor(zip.state) });
    }
    return rows;
  }

  /**
   * The lifecycle of an order placed at `createdAt`: paid, reviewed by a doctor when it holds a
   * consult product, approved, shipped, delivered; a few are cancelled or refunded. It stops
   * at the last step that has happened by now, so recent orders are still in review or
   * approved and older ones delivered.
   */
  private lifecycle(createdAt: Date, consult: boolean): Step[] {
    const f = this.faker;
    const now = this.ctx.now.getTime();
    let at = createdAt.getTime() + f.number.int({ min: 2 * minute, max: 20 * minute });
    const plan: { status: OrderStatus; gap: number }[] = [{ status: 'paid', gap: 0 }];
    if (consult) plan.push({ status: 'in-review', gap: 0 });
    plan.push({
      status: 'approved',
      gap: consult ? f.number.int({ min: 2 * hour, max: 2 * day }) : 0,
    });
    const fate = f.number.float();
    if (fate < 0.03) {
      plan.push({ status: 'cancelled', gap: f.number.int({ min: hour, max: day }) });
    } else {
      plan.push({ status: 'shipped', gap: f.number.int({ min: 12 * hour, max: 2 * day }) });
      plan.push({ status: 'delivered', gap: f.number.int({ min: 2 * day, max: 6 * day }) });
      if (fate > 0.97) {
        plan.push({ status: 'refunded', gap: f.number.int({ min: 3 * day, max: 20 * day }) });
      }
    }
    const steps: Step[] = [{ status: 'cart', at: createdAt }];
    for (const { status, gap } of plan) {
      at += gap;
      if (at > now) break;
      steps.push({ status, at: new Date(at) });
    }
    return steps;
  }

  private pickItems(patient: SeedPatient): { product: CatalogProduct; qty: number }[] {
    const f = this.faker;
    const count = f.helpers.weightedArrayElement([
      { weight: 60, value: 1 },
      { weight: 30, value: 2 },
      { weight: 10, value: 3 },
    ]);
    const chosen = f.helpers.arrayElements(
      patient.products,
      Math.min(count, patient.products.length),
    );
    return chosen.map((product) => ({
      product,
      qty:
        f.datatype.boolean(0.7) || product.qtyRange.length === 0
          ? product.defaultQuantity
          : f.helpers.arrayElement(product.qtyRange),
    }));
  }

  /** Now and then a code that applied when the order was made, and its discount. */
  private pickPromo(
    createdAt: Date,
    lines: readonly PromoLine[],
  ): { code: string; discountCents: number } | null {
    const f = this.faker;
    if (!f.datatype.boolean(0.08)) return null;
    const usable = this.ctx.promos.flatMap((promo) => {
      const outcome = evaluatePromo(promo.terms, lines, createdAt);
      return outcome.valid ? [{ code: promo.code, discountCents: outcome.discountCents }] : [];
    });
    return usable.length > 0 ? f.helpers.arrayElement(usable) : null;
  }

  /** The next orders, oldest first, numbered with `orderNumbers` (taken from the sequence). */
  nextOrders(orderNumbers: readonly string[]): OrderRows {
    const f = this.faker;
    const { ctx } = this;
    const rows: OrderRows = {
      orders: [],
      items: [],
      payments: [],
      history: [],
      redemptions: [],
      promoUses: new Map(),
    };
    // Leave the last half hour empty so that every order's payment has happened.
    const end = ctx.now.getTime() - 30 * minute;
    const start = end - orderSpanMs;
    for (const orderNumber of orderNumbers) {
      const position = (this.orderIndex + f.number.float()) / Math.max(1, ctx.totalOrders);
      this.orderIndex += 1;
      const createdAt = new Date(start + Math.min(1, position) * orderSpanMs);
      const patient = f.helpers.arrayElement(this.patients);
      const lines = this.pickItems(patient);
      const consultLines = lines.filter((l) => l.product.isConsultRequired);
      const consult = consultLines.length > 0;
      // Most patients take the cheapest methods.
      const method =
        ctx.shippingMethods.length > 0
          ? f.helpers.weightedArrayElement(
              ctx.shippingMethods.map((m, i) => ({
                weight: i === 0 ? 6 : i === 1 ? 3 : 1,
                value: m,
              })),
            )
          : null;
      const items = lines.map((l) => ({
        productId: l.product.id,
        qty: l.qty,
        unitPriceCents: l.product.priceCents,
        consultFeeCents: l.product.consultFeeCents,
        isConsultAttached: l.product.isConsultRequired,
      }));
      const promo = this.pickPromo(
        createdAt,
        items.map((i) => ({ productId: i.productId, lineCents: i.unitPriceCents * i.qty })),
      );
      const rate = ctx.taxRates[patient.address.state];
      const totals: CartTotals = cartTotals({
        items,
        discountCents: promo?.discountCents,
        salesTax: rate ? { kind: 'rate', basisPoints: rate } : undefined,
        shippingCents: method?.feeCents ?? 0,
      });

      const steps = this.lifecycle(createdAt, consult);
      const last = steps[steps.length - 1] as Step;
      const paidAt = steps[1]?.at ?? createdAt;
      const source = f.helpers.weightedArrayElement(
        [
          { weight: 85, value: 'web' as const },
          { weight: ctx.agentIds.length > 0 ? 8 : 0, value: 'phone' as const },
          { weight: 4, value: 'reorder' as const },
          { weight: 3, value: 'refill' as const },
        ].filter((choice) => choice.weight > 0),
      );
      const agentId = source === 'phone' ? f.helpers.arrayElement(ctx.agentIds) : null;
      const visitType = consult
        ? Math.min(...consultLines.map((l) => l.product.visitType ?? 3))
        : null;
      const doctors = consult
        ? ctx.doctors.filter((d) => d.licensedStates.includes(patient.address.state))
        : [];
      const id = f.string.uuid();

      rows.orders.push({
        id,
        orderNumber,
        storefrontId: ctx.storefrontId,
        userId: patient.id,
        status: last.status,
        placedByAgentId: agentId,
        source,
        shippingAddressId: patient.addressId,
        shippingAddress: patient.address,
        shippingMethodId: method?.id ?? null,
        pharmacyId:
          consult && ctx.pharmacyIds.length > 0 ? f.helpers.arrayElement(ctx.pharmacyIds) : null,
        doctorId: doctors.length > 0 ? f.helpers.arrayElement(doctors).id : null,
        visitType,
        couponCode: promo?.code ?? null,
        ...totals,
        createdAt,
        updatedAt: last.at,
        paidAt,
      });
      for (const line of lines) {
        rows.items.push({
          orderId: id,
          productId: line.product.id,
          qty: line.qty,
          unitPriceCents: line.product.priceCents,
          consultFeeCents: line.product.consultFeeCents,
          checkoutStages: line.product.requiredStages,
          completedCheckoutStages: line.product.requiredStages,
          createdAt,
        });
      }
      rows.payments.push({
        orderId: id,
        cardId: patient.cardId,
        amountCents: totals.totalCents,
        status: last.status === 'refunded' ? 'refunded' : 'succeeded',
        gateway: 'sandbox',
        gatewayChargeId: `ch_seed_${f.string.alphanumeric(20)}`,
        createdAt: paidAt,
      });
      for (let s = 1; s < steps.length; s += 1) {
        const step = steps[s] as Step;
        rows.history.push({
          orderId: id,
          fromStatus: (steps[s - 1] as Step).status,
          toStatus: step.status,
          actorId: s === 1 ? agentId : null,
          at: step.at,
        });
      }
      if (promo) {
        rows.redemptions.push({ code: promo.code, orderId: id, at: paidAt });
        rows.promoUses.set(promo.code, (rows.promoUses.get(promo.code) ?? 0) + 1);
      }
    }
    return rows;
  }
}
