import { describe, expect, it } from 'vitest';
import {
  defaultOrderLookup,
  lookupFromSearch,
  lookupParams,
  searchOfLookup,
} from '../../../renderer/features/staff-orders/order-lookup';
import {
  lookupOfView,
  viewSettingsOf,
} from '../../../renderer/features/staff-orders/saved-view-settings';
import { savedViewSettings, staffOrderListQuery } from '../../../shared/contracts/staff-orders';

describe('order lookup in the address', () => {
  it('reads back what it wrote, leaving out the defaults', () => {
    const lookup = {
      ...defaultOrderLookup,
      q: 'Rivera',
      status: ['paid' as const, 'shipped' as const],
      from: '2026-01-01',
      to: '2026-02-28',
      productId: 7,
      visitType: 3 as const,
      storefrontId: 132,
      sort: 'total' as const,
      dir: 'asc' as const,
    };
    const search = searchOfLookup(lookup);
    expect(lookupFromSearch(new URLSearchParams(search.toString()))).toEqual(lookup);
    expect(searchOfLookup(defaultOrderLookup).toString()).toBe('');
  });

  it('drops what the server would refuse, so a stale or edited link still opens', () => {
    const lookup = lookupFromSearch(
      new URLSearchParams(
        'status=paid,bogus,paid&from=2026-02-30&to=yesterday&productId=-1&visitType=4&storefrontId=99999999999&sort=price&dir=up',
      ),
    );
    expect(lookup).toEqual({ ...defaultOrderLookup, status: ['paid'] });
  });

  it('makes query parameters the server accepts, in one order for one cache key', () => {
    const params = lookupParams({
      ...defaultOrderLookup,
      q: '  555-0101 ',
      status: ['shipped', 'paid'],
      visitType: 2,
    });
    expect(params).toEqual({
      q: '555-0101',
      status: 'paid,shipped',
      visitType: '2',
      sort: 'createdAt',
      dir: 'desc',
    });
    expect(staffOrderListQuery.safeParse(params).success).toBe(true);
  });
});

describe('saved views', () => {
  it('keep the lookup and the shown columns, in the form the server validates', () => {
    const lookup = {
      ...defaultOrderLookup,
      q: 'SF-1001',
      status: ['paid' as const],
      dir: 'asc' as const,
    };
    const settings = viewSettingsOf(lookup, ['orderNumber', 'status', 'notAColumn']);
    expect(savedViewSettings.safeParse(settings).success).toBe(true);
    const back = lookupOfView(settings);
    expect(back.lookup).toEqual(lookup);
    expect(back.visibility?.orderNumber).toBe(true);
    expect(back.visibility?.status).toBe(true);
    expect(back.visibility?.email).toBe(false);
  });

  it('leave the columns alone when a view saved none', () => {
    expect(lookupOfView({ sort: 'total' }).visibility).toBeNull();
  });
});
