import { z } from 'zod';
import { checkoutStages } from '../checkout/stages';

export const checkoutProgressQuery = z.object({ orderId: z.string().uuid().optional() }).strict();

/** GET GetCheckOutProgress: where the order stands and the page the buyer goes to next. */
export const checkoutProgressData = z.object({
  orderId: z.string().uuid(),
  status: z.string(),
  checkoutStages: z.number().int(),
  completedCheckoutStages: z.number().int(),
  pendingStages: z.array(z.enum(checkoutStages)),
  nextRoute: z.string(),
  visitType: z.number().int(),
});
export type CheckoutProgressData = z.infer<typeof checkoutProgressData>;
