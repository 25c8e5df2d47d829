import type { CatalogImportOutcome, ImportProgressEvent } from "~/domain/catalog/catalog-import.schema";
import type { ActionResult } from "~/domain/http/action-result";

type ImportResult = ActionResult<CatalogImportOutcome>;

const CONNECTION_LOST_MESSAGE =
  "La connexion a été interrompue avant la fin : vérifiez dans la Gestion des Produits si l'import a été appliqué avant de le relancer.";

const connectionLost = (): ImportResult => ({ ok: false, code: "connection_lost", message: CONNECTION_LOST_MESSAGE });

/**
 * Sends "Appliquer l'import" to the progress stream and reads its events: `progress` as they
 * come, then the `result` ActionResult. A refusal before the stream (size, form) answers the same as JSON instead.
 */
export async function applyImportWithProgress(
  url: string,
  body: FormData,
  onProgress: (progress: ImportProgressEvent) => void,
): Promise<ImportResult> {
  let response: Response;
  try {
    response = await fetch(url, { method: "POST", body, headers: { Accept: "text/event-stream" } });
  } catch {
    return connectionLost();
  }
  if (!(response.headers.get("Content-Type") ?? "").startsWith("text/event-stream") || !response.body) {
    const answer = (await response.json().catch(() => null)) as ImportResult | null;
    return answer && typeof answer.message === "string" ? answer : connectionLost();
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += value;
      let end: number;
      while ((end = buffer.indexOf("\n\n")) >= 0) {
        const frame = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = /^event: (.+)$/m.exec(frame)?.[1];
        const data = /^data: (.+)$/m.exec(frame)?.[1];
        if (!event || !data) continue;
        if (event === "progress") onProgress(JSON.parse(data) as ImportProgressEvent);
        if (event === "result") return JSON.parse(data) as ImportResult;
      }
    }
  } catch {
    // Falls through to the message below: the stream broke before its result.
  }
  return connectionLost();
}
