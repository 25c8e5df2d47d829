import { redirect } from "react-router";
import type { Route } from "./+types/subscribe";
import { getDb } from "~/.server/db";
import { getEnv } from "~/.server/env";
import { formRefusalError, tryReadFormData } from "~/.server/forms";
import { getCurrentSession } from "~/.server/auth/session.server";
import { answerAction, refused } from "~/.server/action-result";
import { hitFormLimit, limitReached, requestKey } from "~/.server/limits/form-limits";
import { requestRestockAlert } from "~/.server/modules/catalog/restock-alerts.service";
import { RestockAlertShopperSchema, RestockAlertVisitorSchema } from "~/domain/catalog/restock-alert.schema";
import { RESTOCK_SIGNED_IN_MESSAGE, RESTOCK_VISITOR_MESSAGE } from "~/domain/catalog/restock-alert.rules";
import { invalid } from "~/domain/errors";
import { noStore } from "~/lib/http-cache";
import { languageFromCookieHeader } from "~/domain/i18n/languages";
import * as SHOP_MESSAGES from "~/domain/messages/shop";

/** GET /alerte-stock (typed or bookmarked): the form lives on the product pages. */
export function loader() {
  return redirect("/products");
}

/** POST /alerte-stock: 'M'avertir du retour en stock', answering an ActionResult (decision 056) for the product page's form. */
export async function action({ request }: Route.ActionArgs) {
  const read = await tryReadFormData(request);
  if (!read.ok) return refused(formRefusalError(read), undefined, noStore);
  const session = await getCurrentSession(request);
  const parsed = (session ? RestockAlertShopperSchema : RestockAlertVisitorSchema).safeParse({
    variant_id: read.form.get("variant_id") ?? "",
    ...(session ? {} : { email: read.form.get("email") ?? "" }),
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path[0] === "email" ? "email" : "variant_id";
    return refused(invalid("invalid_restock_alert", issue?.message ?? SHOP_MESSAGES.invalidRequest, { field }), undefined, noStore);
  }
  const limited = await hitFormLimit(await getDb(), "restockAlert", requestKey(request, session?.user.id));
  if (!limited.allowed) return refused(limitReached(limited), undefined, noStore);
  const email = (parsed.data as { email?: string }).email;
  return answerAction(async () => {
    const done = await requestRestockAlert(
      await getDb(),
      {
        variantId: parsed.data.variant_id,
        user: session ? { id: session.user.id, email: session.user.email } : null,
        email,
        // A visitor's confirmation mail speaks the language of the page they asked from (decision 044).
        language: languageFromCookieHeader(request.headers.get("cookie")) ?? undefined,
      },
      getEnv().publicUrl,
    );
    return { data: null, message: done === "subscribed" ? RESTOCK_SIGNED_IN_MESSAGE : RESTOCK_VISITOR_MESSAGE };
  });
}
