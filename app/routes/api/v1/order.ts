/** Placeholder until issue 4's order API lands (replaced in this same issue). */
import { jsonError } from "~/.server/http";

export function loader() {
  return jsonError(404, "not_found", "Ressource introuvable");
}

export function action() {
  return jsonError(404, "not_found", "Ressource introuvable");
}
