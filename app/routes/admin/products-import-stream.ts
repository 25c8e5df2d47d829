import type { Route } from "./+types/products-import-stream";
import { postRefusalError, requireStaffAction, requireStaffDownload } from "~/.server/auth/staff-routes.server";
import { getDb } from "~/.server/db";
import { log } from "~/.server/logger";
import { adminActorOf } from "~/.server/modules/activity-log/activity-log.service";
import { importCatalog } from "~/.server/workflows/import-catalog";
import {
  IMPORT_FAILED_MESSAGE,
  type CatalogImportOutcome,
  type ImportPhase,
  type ImportProgressEvent,
} from "~/domain/catalog/catalog-import.schema";
import { DomainError, isDomainError } from "~/domain/errors";
import { actionFailure, actionSuccess, type ActionResult } from "~/domain/http/action-result";
import { statusOf } from "~/.server/error-responses";
import { appliedOutcome, importFilesOf, readImportRequest, unknownImportIntent } from "./products-import.server";

type ImportResult = ActionResult<CatalogImportOutcome>;

/** A refusal before the stream: the same ActionResult, as JSON with the error's status. */
const refusedBeforeStream = (error: DomainError) => Response.json(actionFailure(error) satisfies ImportResult, { status: statusOf(error) });

/** At most this often a progress event: 25,000 lines would otherwise send 25,000 of them. */
const PROGRESS_EVERY_MS = 150;

/** POST only: the import's form posts here (guarded as the POST is, then told so). */
export async function loader({ request }: Route.LoaderArgs) {
  await requireStaffDownload(request, "admin/produits/import/progression", "POST");
  return new Response(null, { status: 405, headers: { Allow: "POST" } });
}

/**
 * POST /admin/produits/import/progression: "Appliquer l'import" with its progress. The answer
 * streams the lines written while the ONE transaction runs, then the result, over the very
 * request that runs the import (docs/decisions/051-catalogue-import-export.md): the progress
 * never has to be found again by another request, on another server process, or in the
 * database the transaction holds (PGlite has one connection).
 */
export async function action({ request }: Route.ActionArgs) {
  const session = await requireStaffAction(request);
  // Before the body is read: the files of a role that may not import are never parsed.
  const denied = postRefusalError(session, "admin/produits/import/progression");
  if (denied) return refusedBeforeStream(denied);
  const read = await readImportRequest(request);
  if (!read.ok) return refusedBeforeStream(read.error);
  if (read.intent !== "apply") return refusedBeforeStream(unknownImportIntent());
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      let open = true;
      const send = (event: string, value: unknown) => {
        if (!open) return;
        try {
          controller.enqueue(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(value)}\n\n`));
        } catch {
          // The page went away: the import carries on to its end (all or nothing), unheard.
          open = false;
        }
      };
      let last = 0;
      const onProgress = (done: number, total: number, phase: ImportPhase = "lines") => {
        const now = Date.now();
        // The first and last event of each phase always go: the bar's maximum and its end.
        if (done !== 0 && done !== total && now - last < PROGRESS_EVERY_MS) return;
        last = now;
        send("progress", { done, total, phase } satisfies ImportProgressEvent);
      };
      let answer: ImportResult;
      try {
        const files = await importFilesOf(read);
        const result = await importCatalog(
          await getDb(),
          files,
          { actorUserId: session.user.id, actor: adminActorOf(session) },
          onProgress,
        );
        const { data, message } = appliedOutcome(result);
        answer = actionSuccess(data, message);
      } catch (error) {
        if (!isDomainError(error)) log.error({ err: error }, "admin: catalogue import failed");
        answer = actionFailure(isDomainError(error) ? error : new DomainError("failed", "import_failed", IMPORT_FAILED_MESSAGE));
      }
      send("result", answer);
      if (open) controller.close();
    },
  });
  return new Response(body, {
    headers: { "Content-Type": "text/event-stream; charset=utf-8", "Cache-Control": "no-store", "X-Accel-Buffering": "no" },
  });
}
