import { type QueryKey, queryOptions } from '@tanstack/react-query';
import type { OrderData } from '../../shared/contracts/orders';

/**
 * Query options of an open order, under whichever key it is kept (a patient's cart, a guest's
 * order in the cart drawer or in checkout): one type for them all, so a page may read either.
 */
export const openOrderQuery = queryOptions<OrderData | null, Error, OrderData | null, QueryKey>;

/**
 * How long an open order's answer is taken as current: a reader mounted just after it came (the
 * header's count, after the checkout page's prefetch) takes it instead of asking again. Every
 * change of the order writes its answer into the cache or invalidates it.
 */
export const openOrderFreshFor = 2_000;
