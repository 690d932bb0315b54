import { describe, expect, it } from 'vitest';
import { publicConfigTag } from '../../../server/modules/web-shell/public-config-tag';
import {
  jsonForScriptElement,
  publicConfigElementId,
} from '../../../shared/api/embedded-public-config';
import type { PublicConfigData } from '../../../shared/contracts/config';
import { embeddedPublicConfig } from '../../../web/app/embedded-public-config';

const config: PublicConfigData = {
  storefrontId: 132,
  theme: { storeFrontName: 'Evergreen </script><script>alert(1)</script> Health\u2028' },
  applicationSettings: null,
  phone: '(888) 555-0132',
  email: 'care@evergreenhealth.example',
} as unknown as PublicConfigData;

/** A document holding `html`'s element of that id, as the browser parses it. */
function documentOf(html: string) {
  const match = /<script type="application\/json" id="([^"]+)">(.*?)<\/script>/.exec(html);
  return {
    getElementById: (id: string) =>
      match && match[1] === id ? { textContent: match[2] ?? null } : null,
  };
}

describe("the public config in a page's HTML", () => {
  it('is written so that no text in it can end its element, and read back the same', () => {
    const tag = publicConfigTag(config);
    expect(tag.match(/<\/script>/g)).toHaveLength(1);
    expect(tag).not.toContain('\u2028');
    expect(embeddedPublicConfig(documentOf(tag))).toEqual(config);
    expect(JSON.parse(jsonForScriptElement(config))).toEqual(config);
  });

  it('is written once per config object the storefront cache hands out', () => {
    expect(publicConfigTag(config)).toBe(publicConfigTag(config));
  });

  it.each([
    ['no element', ''],
    ['an empty one', `<script type="application/json" id="${publicConfigElementId}"></script>`],
    [
      'one that is not JSON',
      `<script type="application/json" id="${publicConfigElementId}">{</script>`,
    ],
    [
      'JSON without a storefront',
      `<script type="application/json" id="${publicConfigElementId}">{"theme":{}}</script>`,
    ],
    ['null', `<script type="application/json" id="${publicConfigElementId}">null</script>`],
  ])('with %s, is none: the app asks for it', (_, html) => {
    expect(embeddedPublicConfig(documentOf(html))).toBeNull();
  });
});
