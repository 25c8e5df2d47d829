import type { Route } from "./+types/auth";
import { getAuth } from "~/.server/auth/session.server";

/** The auth library's own endpoints under /api/auth/* (sign-in, sign-up, 2FA, sessions...). */
export async function loader({ request }: Route.LoaderArgs) {
  return (await getAuth()).handler(request);
}

export async function action({ request }: Route.ActionArgs) {
  return (await getAuth()).handler(request);
}
