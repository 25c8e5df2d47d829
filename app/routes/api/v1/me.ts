import type { Route } from "./+types/me";
import { requireApiUser } from "~/.server/auth/session.server";
import { apiAction } from "~/.server/api/route";
import { getDb } from "~/.server/db";
import { jsonError, readJson } from "~/.server/http";
import { getProfile, updateProfile } from "~/.server/modules/accounts/profile.service";
import { ProfileUpdateApiSchema } from "~/domain/account/profile.schema";
import { noStore } from "~/lib/http-cache";

/** GET /api/v1/me: the signed-in user's profile. */
export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireApiUser(request);
  const profile = await getProfile(await getDb(), session.user.id);
  if (!profile) return jsonError(404, "not_found", "Profil introuvable");
  return Response.json({ data: { ...profile, role: session.user.role } }, { headers: noStore });
}

/** PATCH /api/v1/me: first name, last name, phone (the e-mail is read-only). */
export const action = apiAction({ PATCH: handlePatch });

async function handlePatch({ request }: Route.ActionArgs) {
  const session = await requireApiUser(request);
  const body = await readJson(request);
  const parsed = ProfileUpdateApiSchema.safeParse(body ?? {});
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => ({ field: String(i.path[0]), message: i.message }));
    return jsonError(400, "invalid_body", issues.map((i) => i.message).join(" ; "), issues);
  }
  const profile = await updateProfile(await getDb(), session.user.id, parsed.data);
  return Response.json({ data: profile }, { headers: noStore });
}
