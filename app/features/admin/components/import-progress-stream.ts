import type { CatalogImportAnswer, ImportProgressEvent } from "~/domain/catalog/catalog-import.schema";

const CONNECTION_LOST_MESSAGE =
  "La connexion a été interrompue avant la fin : vérifiez dans la Gestion des Produits si l'import a été appliqué avant de le relancer.";

/**
 * Sends "Appliquer l'import" to the progress stream and reads its events: `progress` as they
 * come, then the `result` answer. A refusal before the stream (size, form) answers JSON instead.
 */
export async function applyImportWithProgress(
  url: string,
  body: FormData,
  onProgress: (progress: ImportProgressEvent) => void,
): Promise<CatalogImportAnswer> {
  let response: Response;
  try {
    response = await fetch(url, { method: "POST", body, headers: { Accept: "text/event-stream" } });
  } catch {
    return { ok: false, message: CONNECTION_LOST_MESSAGE };
  }
  if (!(response.headers.get("Content-Type") ?? "").startsWith("text/event-stream") || !response.body) {
    const answer = (await response.json().catch(() => null)) as CatalogImportAnswer | null;
    return answer && typeof answer.message === "string" ? answer : { ok: false, message: CONNECTION_LOST_MESSAGE };
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
        if (event === "result") return JSON.parse(data) as CatalogImportAnswer;
      }
    }
  } catch {
    // Falls through to the message below: the stream broke before its result.
  }
  return { ok: false, message: CONNECTION_LOST_MESSAGE };
}
