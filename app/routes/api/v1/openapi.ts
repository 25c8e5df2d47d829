import { buildOpenApiDocument } from "~/.server/api/openapi";
import { getEnv } from "~/.server/env";
import { jsonOk } from "~/.server/http";

export function loader() {
  return jsonOk(buildOpenApiDocument(getEnv().publicUrl), { maxAge: 300 });
}
