import { data } from "react-router";
import type { Route } from "./+types/instalment-payment";
import { requireUser } from "~/.server/auth/session.server";
import { getDb } from "~/.server/db";
import { getEnv } from "~/.server/env";
import { readFormFields } from "~/.server/forms";
import { answerAction, refused } from "~/.server/action-result";
import { paymentFormOf } from "~/.server/modules/payments/payment-form";
import {
  completeInstalmentAuthentication,
  confirmInstalmentPayment,
  getInstalmentToConfirm,
} from "~/.server/workflows/instalment-authentication";
import { invalid, isDomainError } from "~/domain/errors";
import * as SHOP_MESSAGES from "~/domain/messages/shop";
import { InstalmentPaymentActionSchema } from "~/domain/payments/instalment-payment.schema";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { useT } from "~/components/ui/i18n";
import { metaI18n } from "~/components/ui/meta-i18n";
import { InfoPageHeader } from "~/features/info/components/info-page-header";
import { InstalmentPayment } from "~/features/orders/components/instalment-payment";

/**
 * /paiement-echeance?token=…: the link of the e-mail sent when the bank wants the shopper to
 * authenticate an instalment (docs/decisions/035-instalments.md). Signed-in owner of the order
 * only; anyone else, and an unknown or expired link, gets the same 404.
 */
const tokenOf = (request: Request) => new URL(request.url).searchParams.get("token") ?? "";

export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireUser(request);
  try {
    const instalment = await getInstalmentToConfirm(await getDb(), { userId: session.user.id, token: tokenOf(request) });
    return { instalment, paymentForm: paymentFormOf(getEnv()) };
  } catch (error) {
    if (isDomainError(error) && error.kind === "not_found") throw data(error.message, { status: 404 });
    throw error;
  }
}

/** `confirm` ("Confirmer le paiement") or `complete` (the bank's dialog is over): an ActionResult (decision 056). */
export async function action({ request }: Route.ActionArgs) {
  const session = await requireUser(request);
  const parsed = InstalmentPaymentActionSchema.safeParse(await readFormFields(request));
  if (!parsed.success) return refused(invalid("invalid_request", SHOP_MESSAGES.invalidRequest2), undefined, NO_STORE);
  const input = { userId: session.user.id, token: tokenOf(request) };
  const body = parsed.data;
  return answerAction(
    async () => ({
      data:
        body.intent === "confirm"
          ? await confirmInstalmentPayment(await getDb(), input)
          : await completeInstalmentAuthentication(await getDb(), { ...input, result: body.result }),
    }),
    undefined,
    NO_STORE,
  );
}

const NO_STORE = { "Cache-Control": "no-store" };

// A link with a token: never cached, and never passed on to another site as a referrer.
export function headers(): HeadersInit {
  return { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" };
}

export function meta({ matches }: Route.MetaArgs) {
  const { t } = metaI18n(matches);
  return [{ title: `${t("common.meta.instalmentPayment.title")} | Aurore` }, { name: "robots", content: "noindex" }];
}

export default function InstalmentPaymentPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <div>
      <InfoPageHeader title={t("account.instalmentPayment.title")} />
      <div className="mx-auto max-w-2xl px-4 py-10 sm:px-6">
        <InstalmentPayment instalment={loaderData.instalment} paymentForm={loaderData.paymentForm} />
      </div>
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
