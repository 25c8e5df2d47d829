import type { Route } from "./+types/accounting";
import { requireStaffPage, requireStaffAction, postRefusal } from "~/.server/auth/staff-routes.server";
import { getDb } from "~/.server/db";
import { answerAction, refused } from "~/.server/action-result";
import { readFormData } from "~/.server/forms";
import { getAccountingPreview, issueMissingInvoices } from "~/.server/workflows/accounting";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { AccountingPeriodSchema, type AccountingPeriod } from "~/domain/accounting/period";
import { invalid } from "~/domain/errors";
import { AdminAccountingView } from "~/features/admin/components/admin-accounting-view";
import { addParisDays, parisDay, parisMonthStart } from "~/lib/paris-time";

/** Last month, the period an accountant asks for most. */
function lastMonth(now: Date): AccountingPeriod {
  return { from: parisDay(parisMonthStart(now, -1)), to: addParisDays(parisDay(parisMonthStart(now)), -1) };
}

function fieldErrorsOf(issues: readonly { path: PropertyKey[]; message: string }[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) errors[String(issue.path[0] ?? "to")] ??= issue.message;
  return errors;
}

/** Comptabilité (docs/decisions/065-accounting-export.md): a period's totals and its three downloads. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireStaffPage(request, "admin/comptabilite");
  const params = new URL(request.url).searchParams;
  const now = new Date();
  const typed = params.has("from") || params.has("to") ? { from: params.get("from") ?? "", to: params.get("to") ?? "" } : lastMonth(now);
  const parsed = AccountingPeriodSchema.safeParse(typed);
  const today = parisDay(now);
  if (!parsed.success) return { typed, errors: fieldErrorsOf(parsed.error.issues), preview: null, today };
  return { typed: parsed.data, errors: {}, preview: await getAccountingPreview(await getDb(), parsed.data), today };
}

/** "Émettre les factures manquantes": the fix an unsealed period offers. */
export async function action({ request }: Route.ActionArgs) {
  const session = await requireStaffAction(request);
  // One permission for every intent: checked before the body is read.
  const denied = postRefusal(session, "admin/comptabilite");
  if (denied) return denied;
  const form = await readFormData(request);
  const parsed = AccountingPeriodSchema.safeParse({ from: form.get("from"), to: form.get("to") });
  if (!parsed.success) {
    const fieldErrors = fieldErrorsOf(parsed.error.issues);
    return refused(invalid("invalid_period", Object.values(fieldErrors)[0] ?? "", { fieldErrors }));
  }
  return answerAction(async () => {
    const issued = await issueMissingInvoices(await getDb(), parsed.data);
    return { data: { issued }, message: issued === 1 ? "1 facture émise" : `${issued} factures émises` };
  });
}

export const headers = () => ({ "Cache-Control": "private, no-store" });

export function meta() {
  return [{ title: "Comptabilité | Administration | Aurore" }, { name: "robots", content: "noindex" }];
}

export default function AdminAccounting({ loaderData }: Route.ComponentProps) {
  return <AdminAccountingView {...loaderData} />;
}

/** 401 and 403 explained in French, with a way back. */
export const ErrorBoundary = RouteErrorBoundary;
