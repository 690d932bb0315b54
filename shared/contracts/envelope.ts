import { z } from 'zod';

/**
 * The response envelope of DESIGN §3: `{ Data, Message, status }` for every JSON answer,
 * errors included; `status` repeats the HTTP status. Failures may add `errors`, naming
 * each field at fault with its error key (spec §5), and carry the request id.
 */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({
    Data: data,
    Message: z.string(),
    status: z.number().int(),
  });
}

export const errorEnvelope = z.object({
  Data: z.null(),
  Message: z.string(),
  status: z.number().int().min(400).max(599),
  errors: z.record(z.string(), z.string()).optional(),
  requestId: z.string().optional(),
});

export type ErrorEnvelope = z.infer<typeof errorEnvelope>;

export type Envelope<T> = { Data: T; Message: string; status: number };
