import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pageModuleOfPath, pagePathOf } from '../../../../shared/checkout/page-modules';
import { linkRoutes, routes } from '../../../../shared/checkout/routes';

describe('the page of each path', () => {
  it.each(Object.entries(pageModuleOfPath))(
    '%s is drawn by web/pages/%s.tsx, which exists',
    (_path, module) => {
      expect(
        existsSync(resolve(import.meta.dirname, '../../../../web/pages', `${module}.tsx`)),
      ).toBe(true);
    },
  );

  it('every route of spec §2 but home has its page', () => {
    const { home, ...others } = routes;
    expect(home).toBe('/');
    for (const path of Object.values(others)) expect(pageModuleOfPath).toHaveProperty([path]);
  });

  it.each([
    ['/checkout/summary', routes.summary],
    ['/checkout/summary/', routes.summary],
    ['/Checkout/Summary', routes.summary],
    ['/checkout/questionnaire/1', routes.questionnaire],
    ['/checkout/questionnaire/2', '*'],
    ['/my-account', routes.myAccount],
    ['/products/7', '/products/:productId'],
    ['/products', '*'],
    ['/products/7/more', '*'],
    [`${linkRoutes.payLink}/a1b2c3`, `${linkRoutes.payLink}/:token`],
    [linkRoutes.rescheduleVisit, linkRoutes.rescheduleVisit],
    [`${linkRoutes.rescheduleVisit}/t0k3n`, `${linkRoutes.rescheduleVisit}/:token`],
    ['/no-such-page', '*'],
    ['/', '*'],
  ])('%s opens the page of %s', (urlPath, pagePath) => {
    expect(pagePathOf(urlPath)).toBe(pagePath);
  });
});
