import { encodeCursor } from '../../server/modules/staff-orders/order-cursor';
import type { LookupSample } from './order-lookup-data';

/**
 * The requests the order lookup bench times (DESIGN §7). A "page" is a keyset page (budget on
 * its p99); a "search" is a search text of one kind (budget on its p95). Each case gives the
 * path of its i-th request, cycling through sampled rows so the cache is not the only thing
 * measured.
 */

export type CaseKind = 'page' | 'search';

export interface LookupCase {
  name: string;
  kind: CaseKind;
  path: (i: number) => string;
}

export const ordersPath = '/api/staff/orders';
/** How many pages deep the "deep page" is, following each page's nextCursor. */
export const deepPages = Number(process.env.BENCH_LOOKUP_DEEP_PAGES ?? 50);

export type FetchPage = (path: string) => Promise<{ nextCursor: string | null }>;

const query = (params: Record<string, string>) => `${ordersPath}?${new URLSearchParams(params)}`;

const dayMs = 24 * 60 * 60 * 1000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

async function cursorAfter(fetchPage: FetchPage, first: string, pages: number): Promise<string> {
  let path = first;
  let cursor: string | null = null;
  for (let page = 0; page < pages; page += 1) {
    cursor = (await fetchPage(path)).nextCursor;
    if (!cursor) throw new Error(`${first}: the list ends before page ${page + 2}`);
    path = `${first}${first.includes('?') ? '&' : '?'}cursor=${cursor}`;
  }
  return cursor as string;
}

export async function lookupCases(
  samples: readonly LookupSample[],
  fetchPage: FetchPage,
): Promise<LookupCase[]> {
  const pick = (i: number) => samples[i % samples.length] as LookupSample;
  const byTotal = query({ sort: 'total', dir: 'desc' });
  const byStatus = query({ sort: 'status', dir: 'asc' });
  const page2 = await cursorAfter(fetchPage, ordersPath, 1);
  const deep = await cursorAfter(fetchPage, ordersPath, deepPages);
  const totalPage2 = await cursorAfter(fetchPage, byTotal, 1);
  const statusPage2 = await cursorAfter(fetchPage, byStatus, 1);
  return [
    { name: 'first page (newest)', kind: 'page', path: () => ordersPath },
    { name: 'next page (cursor)', kind: 'page', path: () => query({ cursor: page2 }) },
    {
      name: `deep page (${deepPages} pages in)`,
      kind: 'page',
      path: () => query({ cursor: deep }),
    },
    {
      // A cursor at a random sampled order: a page from anywhere in the million rows.
      name: 'page at a random point',
      kind: 'page',
      path: (i) => {
        const s = pick(i);
        return query({
          cursor: encodeCursor({ sort: 'createdAt', dir: 'desc', values: [s.createdAtKey, s.id] }),
        });
      },
    },
    { name: 'sort by total', kind: 'page', path: () => byTotal },
    { name: 'sort by total, next page', kind: 'page', path: () => query({ cursor: totalPage2 }) },
    { name: 'sort by status, next page', kind: 'page', path: () => query({ cursor: statusPage2 }) },
    { name: 'filter by status', kind: 'page', path: (i) => query({ status: pick(i).status }) },
    {
      name: 'filter by date range (7 days)',
      kind: 'page',
      path: (i) => {
        const from = Date.parse(pick(i).createdAtKey.slice(0, 10));
        return query({ from: isoDay(from), to: isoDay(from + 6 * dayMs) });
      },
    },
    { name: 'search order number', kind: 'search', path: (i) => query({ q: pick(i).orderNumber }) },
    {
      name: 'search order number digits',
      kind: 'search',
      path: (i) => query({ q: pick(i).orderNumber.replace(/\D/g, '') }),
    },
    {
      name: 'search patient last name',
      kind: 'search',
      path: (i) => query({ q: pick(i).lastName }),
    },
    {
      name: 'search patient full name',
      kind: 'search',
      path: (i) => query({ q: `${pick(i).firstName} ${pick(i).lastName}` }),
    },
    { name: 'search email', kind: 'search', path: (i) => query({ q: pick(i).email }) },
    { name: 'search phone', kind: 'search', path: (i) => query({ q: pick(i).phone }) },
    {
      name: 'search date of birth',
      kind: 'search',
      path: (i) => query({ q: pick(i).dateOfBirth }),
    },
  ];
}
