import type { Route } from "./+types/uploads";
import { getMediaStorage, isMediaKey, MEDIA_CACHE_CONTROL } from "~/.server/media/media-storage";

/**
 * Uploaded media (/media/uploads/products/<name>.webp), read from the configured storage. Only
 * keys the shop itself generates are looked up, so no path can reach outside the uploads.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const key = params["*"] ?? "";
  if (!isMediaKey(key)) return new Response("Not found", { status: 404, headers: { "Cache-Control": "no-store" } });
  const object = await getMediaStorage().get(key);
  if (!object) return new Response("Not found", { status: 404, headers: { "Cache-Control": "no-store" } });
  return new Response(Buffer.from(object.data), {
    headers: {
      "Content-Type": object.contentType,
      "Content-Length": String(object.data.byteLength),
      "Cache-Control": MEDIA_CACHE_CONTROL,
      "X-Content-Type-Options": "nosniff",
    },
  });
}
