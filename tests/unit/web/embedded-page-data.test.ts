import { describe, expect, it } from 'vitest';
import { embeddedDataTag } from '../../../server/modules/web-shell/embedded-data-tag';
import {
  catalogElementId,
  jsonForScriptElement,
  publicConfigElementId,
} from '../../../shared/api/embedded-page-data';
import type { ProductData } from '../../../shared/contracts/catalog';
import type { PublicConfigData } from '../../../shared/contracts/config';
import { embeddedCatalog, embeddedPublicConfig } from '../../../web/app/embedded-page-data';

const config: PublicConfigData = {
  storefrontId: 132,
  theme: { storeFrontName: 'Evergreen </script><script>alert(1)</script> Health\u2028' },
  applicationSettings: null,
  phone: '(888) 555-0132',
  email: 'care@evergreenhealth.example',
} as unknown as PublicConfigData;

const catalog = [
  { productId: 7, title: 'Latanoprost </script><!-- 0.005 %\u2029' },
  { productId: 9, title: 'Reading glasses' },
] as unknown as ProductData[];

/** A document holding `html`'s element of that id, as the browser parses it. */
function documentOf(html: string) {
  const match = /<script type="application\/json" id="([^"]+)">(.*?)<\/script>/.exec(html);
  return {
    getElementById: (id: string) =>
      match && match[1] === id ? { textContent: match[2] ?? null } : null,
  };
}

const element = (id: string, text: string) =>
  `<script type="application/json" id="${id}">${text}</script>`;

describe("the answers a page's HTML carries", () => {
  it.each([
    ['the public config', publicConfigElementId, config, embeddedPublicConfig],
    ['the catalog', catalogElementId, catalog, embeddedCatalog],
  ] as const)(
    '%s is written so that no text in it can end its element, and read back the same',
    (_, id, answer, read) => {
      const tag = embeddedDataTag(id, answer);
      expect(tag.match(/<\/script>/g)).toHaveLength(1);
      expect(tag).not.toMatch(/[\u2028\u2029]/);
      expect(read(documentOf(tag))).toEqual(answer);
      expect(JSON.parse(jsonForScriptElement(answer))).toEqual(answer);
    },
  );

  it('is written once per answer object the caches hand out', () => {
    expect(embeddedDataTag(publicConfigElementId, config)).toBe(
      embeddedDataTag(publicConfigElementId, config),
    );
  });

  it('is read only from its own element', () => {
    expect(embeddedCatalog(documentOf(embeddedDataTag(publicConfigElementId, config)))).toBeNull();
    expect(embeddedPublicConfig(documentOf(embeddedDataTag(catalogElementId, catalog)))).toBeNull();
  });

  it.each([
    ['no element', ''],
    ['an empty one', element(publicConfigElementId, '')],
    ['one that is not JSON', element(publicConfigElementId, '{')],
    ['JSON without a storefront', element(publicConfigElementId, '{"theme":{}}')],
    ['null', element(publicConfigElementId, 'null')],
  ])('the public config, with %s, is none: the app asks for it', (_, html) => {
    expect(embeddedPublicConfig(documentOf(html))).toBeNull();
  });

  it.each([
    ['no element', ''],
    ['one that is not JSON', element(catalogElementId, '[')],
    ['an object', element(catalogElementId, '{"productId":7}')],
    ['a product without its id', element(catalogElementId, '[{"productId":7},{"title":"x"}]')],
    ['null', element(catalogElementId, 'null')],
  ])('the catalog, with %s, is none: the app asks for it', (_, html) => {
    expect(embeddedCatalog(documentOf(html))).toBeNull();
  });

  it('an empty catalog is a catalog (a storefront with no product yet)', () => {
    expect(embeddedCatalog(documentOf(element(catalogElementId, '[]')))).toEqual([]);
  });
});
