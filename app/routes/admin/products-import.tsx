import { data } from "react-router";
import type { Route } from "./+types/products-import";
import { requireAdmin } from "~/.server/auth/session.server";
import { getDb } from "~/.server/db";
import { adminActorOf } from "~/.server/modules/activity-log/activity-log.service";
import { importCatalog, previewCatalogImport } from "~/.server/workflows/import-catalog";
import { answeringRouteAction } from "~/.server/error-responses";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { importSummary } from "~/domain/catalog/catalog-csv";
import { linesToShow, type CatalogImportAnswer } from "~/domain/catalog/catalog-import.schema";
import { AdminProductsImportView } from "~/features/admin/components/admin-products-import-view";
import { appliedAnswer, importFilesOf, readImportRequest } from "./products-import.server";

/** Importer (Gestion des Produits): a CSV of products and variants, and a ZIP of the images it names. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

/**
 * intent preview (nothing written) or apply (everything or nothing), with the CSV and the optional
 * ZIP. With JavaScript the page sends "apply" to the progress stream (products-import-stream.ts)
 * instead; this answer is the same, without the progress.
 */
export async function action({ request }: Route.ActionArgs) {
  const session = await requireAdmin(request);
  const read = await readImportRequest(request);
  if (!read.ok) return data<CatalogImportAnswer>({ ok: false, message: read.message }, { status: read.status });
  return answeringRouteAction<CatalogImportAnswer>(
    async () => {
      const files = await importFilesOf(read);
      const db = await getDb();
      if (read.intent === "preview") {
        const preview = await previewCatalogImport(db, files);
        return {
          ok: true,
          intent: "preview",
          applied: false,
          message: `Aperçu : ${importSummary(preview.counts)}.`,
          counts: preview.counts,
          lines: linesToShow(preview.lines),
        };
      }
      return appliedAnswer(await importCatalog(db, files, { actorUserId: session.user.id, actor: adminActorOf(session) }));
    },
    (error) => ({ ok: false, message: error.message }),
  );
}

export const headers = () => ({ "Cache-Control": "private, no-store" });

export function meta() {
  return [{ title: "Importer des produits | Administration | Aurore" }, { name: "robots", content: "noindex" }];
}

export default function AdminProductsImport({ actionData }: Route.ComponentProps) {
  return <AdminProductsImportView answer={actionData ?? null} />;
}

export const ErrorBoundary = RouteErrorBoundary;
