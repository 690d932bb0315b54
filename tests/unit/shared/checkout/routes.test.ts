import { describe, expect, it } from 'vitest';
import { routes } from '../../../../shared/checkout/routes';

// The route list of spec §2, verbatim.
const specRoutes = [
  '/',
  '/register',
  '/my-account',
  '/order-details',
  '/disqualified',
  '/checkout/pre-questionnaire',
  '/checkout/questionnaire/1',
  '/checkout/pre-shipping',
  '/checkout/shipping-details',
  '/checkout/pre-scheduling',
  '/checkout/schedule-visit',
  '/checkout/pre-doctor-confirmation',
  '/checkout/doctor-confirmation',
  '/checkout/summary',
  '/checkout/patient-visit',
  '/checkout/pre-payment',
  '/checkout/order-confirmation',
  '/checkout/ended-visit',
  '/checkout/pharmacy-map',
  '/checkout/pharmacy-search',
  '/checkout/pharmacy-options',
  '/checkout/greeting',
];

describe('routes (spec §2)', () => {
  it('holds exactly the spec’s routes, each once', () => {
    const values = Object.values(routes);
    expect(new Set(values).size).toBe(values.length);
    expect([...values].sort()).toEqual([...specRoutes].sort());
  });
});
