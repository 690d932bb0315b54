import { describe, expect, it } from 'vitest';
import { isRouteAheadOfFlow } from '../../../../shared/checkout/route-order';
import { routes } from '../../../../shared/checkout/routes';
import { normalizePath, stageOfRoute } from '../../../../shared/checkout/stage-of-route';

describe('stageOfRoute', () => {
  it.each([
    ['/checkout/pre-questionnaire', 'Consult'],
    ['/checkout/questionnaire/1', 'Consult'],
    ['/checkout/questionnaire/4', 'Consult'],
    ['/checkout/pre-shipping', 'Shipping'],
    ['/checkout/shipping-details', 'Shipping'],
    ['/checkout/pharmacy-map', 'Pharmacy'],
    ['/checkout/pharmacy-search', 'Pharmacy'],
    ['/checkout/pharmacy-options', 'Pharmacy'],
    ['/checkout/pre-scheduling', 'Scheduling'],
    ['/checkout/schedule-visit', 'Scheduling'],
    ['/checkout/pre-doctor-confirmation', 'Scheduling'],
    ['/checkout/doctor-confirmation', 'Scheduling'],
    ['/register', 'Register'],
    ['/checkout/greeting', 'Payment'],
    ['/checkout/pre-payment', 'Payment'],
    ['/checkout/summary', 'Payment'],
    ['/', null],
    ['/my-account', null],
    ['/order-details', null],
    ['/disqualified', null],
    ['/checkout/order-confirmation', null],
    ['/checkout/patient-visit', null],
    ['/checkout/ended-visit', null],
    ['/checkout/questionnaire/x', null],
    ['/checkout/unknown', null],
  ] as const)('%s belongs to %s', (path, stage) => {
    expect(stageOfRoute(path)).toBe(stage);
  });

  it('ignores query, hash and trailing slashes', () => {
    expect(stageOfRoute('/checkout/summary?id=5')).toBe('Payment');
    expect(stageOfRoute('/checkout/shipping-details/#top')).toBe('Shipping');
    expect(stageOfRoute('/register/')).toBe('Register');
    expect(normalizePath('/?a=1')).toBe('/');
    expect(normalizePath('')).toBe('/');
  });
});

describe('isRouteAheadOfFlow', () => {
  it.each([
    [routes.summary, ['Consult', 'Payment'], true],
    [routes.scheduleVisit, ['Shipping'], true],
    [routes.register, ['Scheduling', 'Register'], true],
    [routes.questionnaire, ['Consult', 'Payment'], false],
    [routes.questionnaire, ['Payment'], false],
    [routes.summary, ['Payment'], false],
    [routes.orderConfirmation, ['Payment'], true],
    [routes.orderConfirmation, [], false],
    [routes.summary, [], false],
    [routes.myAccount, ['Consult'], false],
  ] as const)('%s with pending %j -> %s', (path, pending, ahead) => {
    expect(isRouteAheadOfFlow({ path, pending })).toBe(ahead);
  });
});
