import { z } from 'zod';

export const healthData = z.object({
  ok: z.boolean(),
  database: z.enum(['pglite', 'postgres']),
  uptimeSeconds: z.number(),
});

export const liveData = z.object({ ok: z.boolean(), uptimeSeconds: z.number() });

export const clientIpResponse = z.object({ clientIp: z.string() });
