import type { Route } from "./+types/samples";
import { requireStaffPage, requireStaffAction, postRefusal } from "~/.server/auth/staff-routes.server";
import { staffMay } from "~/.server/auth/session.server";
import { getDb } from "~/.server/db";
import { adminActorOf } from "~/.server/modules/activity-log/activity-log.service";
import {
  adjustSampleStock,
  createSample,
  listAdminSamples,
  setSampleActive,
  updateSample,
} from "~/.server/modules/samples/samples.service";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { SampleIdSchema } from "~/domain/samples/samples";
import { AdminSamplesView } from "~/features/admin/components/admin-samples-view";
import { readFormFields } from "~/.server/forms";
import { answerAction, refused } from "~/.server/action-result";
import { invalid, notFound } from "~/domain/errors";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";

/**
 * Échantillons (docs/decisions/067-samples.md): the free samples shoppers choose at checkout,
 * with their stock. catalog.read lists them; every change needs catalog.write (ADMIN_ROUTE_NEEDS).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireStaffPage(request, "admin/echantillons");
  const may = { write: staffMay(session, "catalog.write") };
  return { samples: await listAdminSamples(await getDb()), may };
}

export async function action({ request }: Route.ActionArgs) {
  const session = await requireStaffAction(request);
  // One permission for every intent: checked before the body is read.
  const denied = postRefusal(session, "admin/echantillons");
  if (denied) return denied;
  const actor = adminActorOf(session);
  const form = await readFormFields(request);
  const intent = typeof form.intent === "string" ? form.intent : "";
  const db = await getDb();
  if (intent === "create") {
    return answerAction(async () => {
      const sample = await createSample(db, form, actor);
      return { data: { sampleId: sample.id }, message: `Échantillon « ${sample.name} » créé` };
    });
  }
  const id = SampleIdSchema.safeParse(form);
  if (!id.success) return refused(notFound("sample_not_found", id.error.issues[0].message));
  const { sampleId } = id.data;
  if (intent === "update") {
    return answerAction(async () => {
      const sample = await updateSample(db, sampleId, form, actor);
      return { data: { sampleId }, message: `Échantillon « ${sample.name} » enregistré` };
    });
  }
  if (intent === "activate" || intent === "deactivate") {
    return answerAction(async () => {
      const sample = await setSampleActive(db, sampleId, intent === "activate", actor);
      return { data: { sampleId }, message: `« ${sample.name} » ${sample.active ? "est proposé au choix" : "n'est plus proposé"}` };
    });
  }
  if (intent === "adjust-stock") {
    return answerAction(async () => {
      const sample = await adjustSampleStock(db, sampleId, { change: form.change }, actor);
      return { data: { sampleId }, message: `Stock de « ${sample.name} » : ${sample.stock_quantity}` };
    });
  }
  return refused(invalid("unknown_intent", ACCOUNT_MESSAGES.somethingWentWrong));
}

export const headers = () => ({ "Cache-Control": "private, no-store" });

export function meta() {
  return [{ title: "Échantillons | Administration | Aurore" }, { name: "robots", content: "noindex" }];
}

export default function AdminSamples({ loaderData }: Route.ComponentProps) {
  return <AdminSamplesView samples={loaderData.samples} may={loaderData.may} />;
}

export const ErrorBoundary = RouteErrorBoundary;
