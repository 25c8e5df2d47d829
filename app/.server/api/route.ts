import { jsonError } from "../http";

export const METHOD_NOT_ALLOWED_MESSAGE = "Méthode non autorisée";

/** The JSON 405 of an /api/v1 route asked with a method it does not serve. */
export function methodNotAllowed(): Response {
  return jsonError(405, "method_not_allowed", METHOD_NOT_ALLOWED_MESSAGE);
}

type WriteMethod = "POST" | "PUT" | "PATCH" | "DELETE";
type Handler<Args> = (args: Args) => Response | Promise<Response>;

/**
 * The action of an /api/v1 resource route: one handler per method it serves, the JSON 405 for
 * any other. The method is matched exactly as the request spells it (fetch upper-cases DELETE,
 * POST and PUT, never PATCH), as the routes always did.
 */
export function apiAction<Args extends { request: Request }>(
  handlers: Partial<Record<WriteMethod, Handler<Args>>>,
): (args: Args) => Response | Promise<Response> {
  return (args) => {
    const method = args.request.method;
    const handler = Object.hasOwn(handlers, method) ? handlers[method as WriteMethod] : undefined;
    return handler ? handler(args) : methodNotAllowed();
  };
}
