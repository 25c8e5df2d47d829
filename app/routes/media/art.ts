import type { Route } from "./+types/art";
import { parseProductArtPath, renderProductArtSvg } from "~/.server/media/product-art";

/** Locally drawn product artwork; the URL describes the whole image, so it never changes. */
export function loader({ params }: Route.LoaderArgs) {
  const art = parseProductArtPath(params["*"] ?? "");
  if (!art) return new Response("Not found", { status: 404 });
  return new Response(renderProductArtSvg(art), {
    headers: {
      "Content-Type": "image/svg+xml; charset=utf-8",
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
