import { describe, expect, it } from 'vitest';
import { consoleCsp, isAllowedExternalUrl, isAppUrl } from '../../../electron/window-security';

const bundled = 'file:///opt/storefront/resources/app.asar/out/renderer/index.html';

describe('desktop navigation rules', () => {
  it.each([
    ['http://localhost:3000/console/orders', true],
    ['http://localhost:3000.evil.example/console', false],
    ['http://localhost:3001/console', false],
    ['https://localhost:3000/console', false],
    ['javascript:alert(1)', false],
    ['data:text/html,<script>alert(1)</script>', false],
    ['not a url', false],
  ])('%s is the app: %s', (url, expected) => {
    expect(isAppUrl(url, 'http://localhost:3000')).toBe(expected);
  });

  it.each([
    [`${bundled}#/settings`, true],
    [`${bundled}?x=1#/`, true],
    ['file:///opt/storefront/resources/app.asar/out/renderer/other.html', false],
    ['file:///etc/passwd', false],
    ['file://attacker.example/share/out/renderer/index.html', false],
    ['https://shop.example.com/console/', true],
    ['https://shop.example.com:8443/console/', false],
    ['http://shop.example.com/console/', false],
  ])('with the server and the bundled console, %s is the app: %s', (url, expected) => {
    expect(isAppUrl(url, ['https://shop.example.com', bundled])).toBe(expected);
  });

  it('never treats another scheme as an app origin', () => {
    expect(isAppUrl('javascript:alert(1)', 'javascript:alert(1)')).toBe(false);
    expect(isAppUrl('http://localhost:3000/', [])).toBe(false);
  });

  it.each([
    ['https://www.fda.gov/drugs', true],
    ['http://www.fda.gov/drugs', false],
    ['https://www.fda.gov.evil.example/', false],
    ['https://user:pass@www.fda.gov/', false],
    ['file:///etc/passwd', false],
  ])('%s may open externally: %s', (url, expected) => {
    expect(isAllowedExternalUrl(url, ['www.fda.gov'])).toBe(expected);
  });

  it('has a strict CSP', () => {
    const csp = consoleCsp('http://localhost:3000');
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("connect-src 'self' http://localhost:3000");
    expect(csp).not.toContain('unsafe-eval');
  });
});
