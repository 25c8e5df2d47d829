import { data } from "react-router";
import type { Route } from "./+types/products-import";
import { requireAdmin } from "~/.server/auth/session.server";
import { getDb } from "~/.server/db";
import { adminActorOf } from "~/.server/modules/activity-log/activity-log.service";
import { checkImportSizes, importCatalog, previewCatalogImport } from "~/.server/workflows/import-catalog";
import { answeringRouteAction } from "~/.server/error-responses";
import { tryReadFormData } from "~/.server/forms";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import {
  CATALOG_CSV_MAX_BYTES,
  CATALOG_ZIP_MAX_BYTES,
  CSV_REQUIRED_MESSAGE,
  IMPORT_REFUSED_MESSAGE,
  importSummary,
} from "~/domain/catalog/catalog-csv";
import { ImportIntentSchema, linesToShow, type CatalogImportAnswer } from "~/domain/catalog/catalog-import.schema";
import { AdminProductsImportView } from "~/features/admin/components/admin-products-import-view";

/** Both files and the form's few fields: a declared body above this is refused before it is read. */
const IMPORT_BODY_MAX_BYTES = CATALOG_CSV_MAX_BYTES + CATALOG_ZIP_MAX_BYTES + 64 * 1024;
const BODY_TOO_LARGE_MESSAGE = "Fichiers trop volumineux : 20 Mo au maximum pour le CSV, 200 Mo pour le ZIP d'images.";

/** Importer (Gestion des Produits): a CSV of products and variants, and a ZIP of the images it names. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

async function fileBytes(value: FormDataEntryValue | null): Promise<Uint8Array | null> {
  if (!value || typeof value === "string" || value.size === 0) return null;
  return new Uint8Array(await value.arrayBuffer());
}

/** intent preview (nothing written) or apply (everything or nothing), with the CSV and the optional ZIP. */
export async function action({ request }: Route.ActionArgs) {
  const session = await requireAdmin(request);
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > IMPORT_BODY_MAX_BYTES) return data<CatalogImportAnswer>({ ok: false, message: BODY_TOO_LARGE_MESSAGE }, { status: 413 });
  const read = await tryReadFormData(request);
  if (!read.ok) return data<CatalogImportAnswer>({ ok: false, message: read.message }, { status: read.status });
  const intent = ImportIntentSchema.safeParse(read.form.get("intent"));
  if (!intent.success) return data<CatalogImportAnswer>({ ok: false, message: intent.error.issues[0].message }, { status: 400 });
  const csvEntry = read.form.get("csv");
  const zipEntry = read.form.get("images");
  if (!csvEntry || typeof csvEntry === "string" || csvEntry.size === 0) {
    return data<CatalogImportAnswer>({ ok: false, message: CSV_REQUIRED_MESSAGE }, { status: 400 });
  }
  return answeringRouteAction<CatalogImportAnswer>(
    async () => {
      // The sizes are known from the parts before their bytes are copied out.
      checkImportSizes({ csv: csvEntry.size, zip: typeof zipEntry === "string" || !zipEntry ? 0 : zipEntry.size });
      const files = { csv: (await fileBytes(csvEntry)) as Uint8Array, zip: await fileBytes(zipEntry) };
      const db = await getDb();
      if (intent.data === "preview") {
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
      const result = await importCatalog(db, files, { actorUserId: session.user.id, actor: adminActorOf(session) });
      return {
        ok: true,
        intent: "apply",
        applied: result.applied,
        message: result.applied ? `Import appliqué : ${importSummary(result.preview.counts)}.` : IMPORT_REFUSED_MESSAGE,
        counts: result.preview.counts,
        lines: linesToShow(result.preview.lines),
      };
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
