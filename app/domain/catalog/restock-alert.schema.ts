import { z } from "zod";
import { text } from "~/lib/safe-text";
import {
  RESTOCK_EMAIL_INVALID,
  RESTOCK_EMAIL_MAX,
  RESTOCK_EMAIL_REQUIRED,
  RESTOCK_EMAIL_TOO_LONG,
  RESTOCK_VARIANT_INVALID,
} from "./restock-alert.rules";

/** 'M'avertir du retour en stock' from a visitor: the variant and an e-mail. */
export const RestockAlertVisitorSchema = z.object({
  variant_id: z.uuid({ error: RESTOCK_VARIANT_INVALID }),
  email: text({ error: RESTOCK_EMAIL_REQUIRED })
    .trim()
    .min(1, { error: RESTOCK_EMAIL_REQUIRED })
    .max(RESTOCK_EMAIL_MAX, { error: RESTOCK_EMAIL_TOO_LONG })
    .pipe(z.email({ error: RESTOCK_EMAIL_INVALID })),
});

/** From a signed-in shopper: the variant only (the account's e-mail is used). */
export const RestockAlertShopperSchema = z.object({ variant_id: z.uuid({ error: RESTOCK_VARIANT_INVALID }) });
