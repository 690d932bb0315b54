import { describe, expect, it } from 'vitest';
import {
  type DisplayPages,
  displayPagesOf,
  firstPendingRoute,
  orderNextRoute,
  routeForStage,
} from '../../../../shared/checkout/first-pending-route';
import type { CheckoutStage } from '../../../../shared/checkout/stages';
import type { VisitType } from '../../../../shared/checkout/visit-type';

const allOff: Required<DisplayPages> = {
  preQuestionnaire: false,
  preShipping: false,
  preDoctorConfirmation: false,
  preScheduling: false,
  greeting: false,
  prePayment: false,
};
const allOn: Required<DisplayPages> = {
  preQuestionnaire: true,
  preShipping: true,
  preDoctorConfirmation: true,
  preScheduling: true,
  greeting: true,
  prePayment: true,
};
const only = (...pages: (keyof DisplayPages)[]): DisplayPages => ({
  ...allOff,
  ...Object.fromEntries(pages.map((page) => [page, true])),
});
const allBut = (...pages: (keyof DisplayPages)[]): DisplayPages => ({
  ...allOn,
  ...Object.fromEntries(pages.map((page) => [page, false])),
});

type Row = [CheckoutStage, readonly VisitType[], string, DisplayPages, string];

// Spec §2 "Routing after an order loads: the first pending stage", rule by rule.
const rules: Row[] = [
  [
    'Consult',
    [1, 2, 3],
    'pre-questionnaire on',
    only('preQuestionnaire'),
    '/checkout/pre-questionnaire',
  ],
  [
    'Consult',
    [1, 2, 3],
    'pre-questionnaire off',
    allBut('preQuestionnaire'),
    '/checkout/questionnaire/1',
  ],
  ['Consult', [1, 2, 3], 'all pages off', allOff, '/checkout/questionnaire/1'],
  ['Shipping', [1, 2, 3], 'pre-shipping on', only('preShipping'), '/checkout/pre-shipping'],
  ['Shipping', [1, 2, 3], 'pre-shipping off', allBut('preShipping'), '/checkout/shipping-details'],
  ['Pharmacy', [1, 2, 3], 'pre-shipping on', only('preShipping'), '/checkout/pre-shipping'],
  ['Pharmacy', [1, 2, 3], 'pre-shipping off', allBut('preShipping'), '/checkout/shipping-details'],
  [
    'Scheduling',
    [3],
    'pre-doctor-confirmation on',
    only('preDoctorConfirmation'),
    '/checkout/pre-doctor-confirmation',
  ],
  [
    'Scheduling',
    [3],
    'pre-doctor-confirmation off (pre-scheduling on)',
    allBut('preDoctorConfirmation'),
    '/checkout/doctor-confirmation',
  ],
  ['Scheduling', [3], 'all pages off', allOff, '/checkout/doctor-confirmation'],
  ['Scheduling', [1, 2], 'pre-scheduling on', only('preScheduling'), '/checkout/pre-scheduling'],
  [
    'Scheduling',
    [1, 2],
    'pre-scheduling off (pre-doctor-confirmation on)',
    allBut('preScheduling'),
    '/checkout/schedule-visit',
  ],
  ['Scheduling', [1, 2], 'all pages off', allOff, '/checkout/schedule-visit'],
  ['Register', [1, 2, 3], 'all pages on', allOn, '/register'],
  ['Register', [1, 2, 3], 'all pages off', allOff, '/register'],
  ['Payment', [1, 2, 3], 'greeting on, pre-payment off', only('greeting'), '/checkout/greeting'],
  [
    'Payment',
    [1, 2, 3],
    'greeting and pre-payment on',
    only('greeting', 'prePayment'),
    '/checkout/greeting',
  ],
  [
    'Payment',
    [1, 2, 3],
    'greeting off, pre-payment on',
    only('prePayment'),
    '/checkout/pre-payment',
  ],
  [
    'Payment',
    [1, 2, 3],
    'greeting and pre-payment off',
    allBut('greeting', 'prePayment'),
    '/checkout/summary',
  ],
  ['Payment', [1, 2, 3], 'all pages off', allOff, '/checkout/summary'],
];

const cases = rules.flatMap(([stage, visitTypes, label, pages, expected]) =>
  visitTypes.map((visitType) => [stage, visitType, label, pages, expected] as const),
);

describe('firstPendingRoute: each stage’s page (spec §2)', () => {
  it.each(cases)(
    '%s, visit type %i, %s -> %s',
    (stage, visitType, _label, displayPages, expected) => {
      expect(firstPendingRoute({ pending: [stage], displayPages, visitType })).toBe(expected);
      expect(routeForStage(stage, displayPages, visitType)).toBe(expected);
    },
  );

  it.each([1, 2, 3] as const)(
    'goes to order confirmation when nothing is pending (visit type %i)',
    (visitType) => {
      expect(firstPendingRoute({ pending: [], displayPages: allOn, visitType })).toBe(
        '/checkout/order-confirmation',
      );
      expect(firstPendingRoute({ pending: [], displayPages: allOff, visitType })).toBe(
        '/checkout/order-confirmation',
      );
    },
  );

  it('treats missing display pages as off', () => {
    expect(firstPendingRoute({ pending: ['Consult'], displayPages: {}, visitType: 1 })).toBe(
      '/checkout/questionnaire/1',
    );
    expect(firstPendingRoute({ pending: ['Payment'], displayPages: {}, visitType: 1 })).toBe(
      '/checkout/summary',
    );
  });
});

describe('firstPendingRoute picks the first stage by stage order', () => {
  it.each([
    [['Payment', 'Consult'], '/checkout/questionnaire/1'],
    [['Payment', 'Register'], '/register'],
    [['Register', 'Scheduling'], '/checkout/schedule-visit'],
    [['Scheduling', 'Pharmacy', 'Shipping'], '/checkout/shipping-details'],
    [['Payment'], '/checkout/summary'],
  ] as const)('%j -> %s', (pending, expected) => {
    expect(firstPendingRoute({ pending, displayPages: allOff, visitType: 1 })).toBe(expected);
  });
});

// The display pages each rule of spec §2 reads.
function relevantPages(stage: CheckoutStage, visitType: VisitType): (keyof DisplayPages)[] {
  switch (stage) {
    case 'Consult':
      return ['preQuestionnaire'];
    case 'Shipping':
    case 'Pharmacy':
      return ['preShipping'];
    case 'Scheduling':
      return visitType === 3 ? ['preDoctorConfirmation'] : ['preScheduling'];
    case 'Register':
      return [];
    case 'Payment':
      return ['greeting', 'prePayment'];
  }
}

describe('only the stage’s own display pages matter', () => {
  const pageNames = Object.keys(allOff) as (keyof DisplayPages)[];
  const combinations: DisplayPages[] = Array.from({ length: 2 ** pageNames.length }, (_, mask) =>
    Object.fromEntries(pageNames.map((name, bit) => [name, (mask & (1 << bit)) !== 0])),
  );
  const stages: CheckoutStage[] = [
    'Consult',
    'Shipping',
    'Pharmacy',
    'Scheduling',
    'Register',
    'Payment',
  ];

  it.each(
    stages.flatMap((stage) => ([1, 2, 3] as const).map((visitType) => [stage, visitType] as const)),
  )('%s, visit type %i, over all 64 combinations', (stage, visitType) => {
    const routeByRelevant = new Map<string, string>();
    for (const displayPages of combinations) {
      const key = JSON.stringify(relevantPages(stage, visitType).map((name) => displayPages[name]));
      const route = routeForStage(stage, displayPages, visitType);
      expect(routeByRelevant.get(key) ?? route).toBe(route);
      routeByRelevant.set(key, route);
    }
  });
});

describe('orderNextRoute: where a loaded order goes, for the web app and the server alike', () => {
  const base = { pending: ['Shipping', 'Consult'] as CheckoutStage[], displayPages: allOff };
  it.each([
    ['a disqualified order', { status: 'disqualified', itemCount: 2 }, '/disqualified'],
    ['an empty order', { status: 'cart', itemCount: 0 }, '/'],
    ['a disqualified empty order', { status: 'disqualified', itemCount: 0 }, '/disqualified'],
    ['an order with stages pending', { status: 'cart', itemCount: 1 }, '/checkout/questionnaire/1'],
  ])('%s', (_name, order, route) => {
    expect(orderNextRoute({ ...base, ...order, visitType: 1 as VisitType })).toBe(route);
  });

  it('sends an order with nothing pending to the confirmation', () => {
    expect(
      orderNextRoute({
        status: 'cart',
        itemCount: 1,
        pending: [],
        displayPages: allOff,
        visitType: 1,
      }),
    ).toBe('/checkout/order-confirmation');
  });

  it('reads the intro pages from the storefront settings (off when missing)', () => {
    expect(displayPagesOf(undefined)).toEqual({
      preQuestionnaire: undefined,
      preShipping: undefined,
      preDoctorConfirmation: undefined,
      preScheduling: undefined,
      greeting: undefined,
      prePayment: undefined,
    });
    const pages = displayPagesOf({ ShowPreShippingPage: true, ShowGreetingPage: false } as never);
    expect(pages.preShipping).toBe(true);
    expect(pages.greeting).toBe(false);
  });
});
