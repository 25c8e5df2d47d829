import type { Route } from "./+types/me";
import { requireApiUser } from "~/.server/auth/session.server";
import { getDb } from "~/.server/db";
import { jsonError } from "~/.server/http";
import { getProfile, updateProfile } from "~/.server/modules/accounts/profile.service";
import { ProfileUpdateApiSchema } from "~/features/account/profile.schema";

/** GET /api/v1/me: the signed-in user's profile. */
export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireApiUser(request);
  if (session instanceof Response) return session;
  const profile = await getProfile(await getDb(), session.user.id);
  if (!profile) return jsonError(404, "not_found", "Profil introuvable");
  return Response.json({ data: { ...profile, role: session.user.role } }, { headers: { "Cache-Control": "no-store" } });
}

/** PATCH /api/v1/me: first name, last name, phone (the e-mail is read-only). */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "PATCH") return jsonError(405, "method_not_allowed", "Méthode non autorisée");
  const session = await requireApiUser(request);
  if (session instanceof Response) return session;
  const body = await request.json().catch(() => null);
  const parsed = ProfileUpdateApiSchema.safeParse(body ?? {});
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => ({ field: String(i.path[0]), message: i.message }));
    return jsonError(400, "invalid_body", issues.map((i) => i.message).join(" ; "), issues);
  }
  const profile = await updateProfile(await getDb(), session.user.id, parsed.data);
  return Response.json({ data: profile }, { headers: { "Cache-Control": "no-store" } });
}
