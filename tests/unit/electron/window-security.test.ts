import { describe, expect, it } from 'vitest';
import { consoleCsp, isAllowedExternalUrl, isAppUrl } from '../../../electron/window-security';

describe('desktop navigation rules', () => {
  it.each([
    ['http://localhost:3000/console/orders', true],
    ['http://localhost:3000.evil.example/console', false],
    ['http://localhost:3001/console', false],
    ['https://localhost:3000/console', false],
    ['javascript:alert(1)', false],
    ['not a url', false],
  ])('%s is the app: %s', (url, expected) => {
    expect(isAppUrl(url, 'http://localhost:3000')).toBe(expected);
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
    expect(csp).toContain('connect-src');
  });
});
