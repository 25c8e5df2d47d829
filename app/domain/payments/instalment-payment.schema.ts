/**
 * What the page of an instalment the bank wants authenticated posts (decision 035): "Confirmer le
 * paiement" (`confirm`), then, after the bank's dialog, that it is over (`complete`, with what
 * Stripe.js said: only a hint, the server asks the provider). Isomorphic.
 */
import { z } from "zod";

export const InstalmentPaymentActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("confirm") }),
  z.object({ intent: z.literal("complete"), result: z.enum(["succeeded", "failed"]) }),
]);

export type InstalmentPaymentAction = z.infer<typeof InstalmentPaymentActionSchema>;
