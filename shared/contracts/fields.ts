import { z } from 'zod';

/** Small field shapes the request contracts share. */
export const storefrontIdField = z.coerce.number().int().positive().max(2_147_483_647);
export const optionalText = (max: number) => z.string().max(max).optional();
export const guidField = z.string().max(64).optional();
export const uuidField = z.string().uuid();
