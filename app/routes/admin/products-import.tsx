import type { Route } from "./+types/products-import";
import { requireStaffPage, requireStaffAction, postRefusal } from "~/.server/auth/staff-routes.server";
import { getDb } from "~/.server/db";
import { adminActorOf } from "~/.server/modules/activity-log/activity-log.service";
import { importCatalog, previewCatalogImport } from "~/.server/workflows/import-catalog";
import { answerAction, refused } from "~/.server/action-result";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { importSummary } from "~/domain/catalog/catalog-csv";
import { linesToShow, type CatalogImportOutcome } from "~/domain/catalog/catalog-import.schema";
import { AdminProductsImportView } from "~/features/admin/components/admin-products-import-view";
import { appliedOutcome, importFilesOf, readImportRequest } from "./products-import.server";

/** Importer (Gestion des Produits): a CSV of products and variants, and a ZIP of the images it names. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireStaffPage(request, "admin/produits/import");
  return null;
}

/**
 * intent preview (nothing written) or apply (everything or nothing), with the CSV and the optional
 * ZIP. With JavaScript the page sends "apply" to the progress stream (products-import-stream.ts)
 * instead; this answer is the same, without the progress.
 */
export async function action({ request }: Route.ActionArgs) {
  const session = await requireStaffAction(request);
  // One permission for every intent: checked before the body is read.
  const denied = postRefusal(session, "admin/produits/import");
  if (denied) return denied;
  const read = await readImportRequest(request);
  if (!read.ok) return refused<CatalogImportOutcome>(read.error);
  return answerAction<CatalogImportOutcome>(async () => {
    const files = await importFilesOf(read);
    const db = await getDb();
    if (read.intent === "preview") {
      const preview = await previewCatalogImport(db, files);
      return {
        data: { intent: "preview", applied: false, counts: preview.counts, lines: linesToShow(preview.lines) },
        message: `Aperçu : ${importSummary(preview.counts)}.`,
      };
    }
    return appliedOutcome(await importCatalog(db, files, { actorUserId: session.user.id, actor: adminActorOf(session) }));
  });
}

export const headers = () => ({ "Cache-Control": "private, no-store" });

export function meta() {
  return [{ title: "Importer des produits | Administration | Aurore" }, { name: "robots", content: "noindex" }];
}

export default function AdminProductsImport({ actionData }: Route.ComponentProps) {
  return <AdminProductsImportView answer={actionData ?? null} />;
}

export const ErrorBoundary = RouteErrorBoundary;
