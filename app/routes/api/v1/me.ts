import type { Route } from "./+types/me";
import { requireApiUser } from "~/.server/auth/session.server";
import { apiAction, apiLoader, dataResponse, everyIssue, found, validate } from "~/.server/api/route";
import { getDb } from "~/.server/db";
import { readJson } from "~/.server/http";
import { getProfile, updateProfile } from "~/.server/modules/accounts/profile.service";
import { ProfileUpdateApiSchema } from "~/domain/account/profile.schema";
import * as SHOP_MESSAGES from "~/domain/messages/shop";

/** GET /api/v1/me: the signed-in user's profile. */
export const loader = apiLoader(async ({ request }: Route.LoaderArgs) => {
  const session = await requireApiUser(request);
  const profile = found(await getProfile(await getDb(), session.user.id), SHOP_MESSAGES.profileNotFound);
  return dataResponse({ ...profile, role: session.user.role });
});

/** PATCH /api/v1/me: first name, last name, phone, birth date (the e-mail is read-only). */
export const action = apiAction({
  PATCH: async ({ request }: Route.ActionArgs) => {
    const session = await requireApiUser(request);
    const changes = validate(ProfileUpdateApiSchema, (await readJson(request)) ?? {}, everyIssue({ path: "first" }));
    return dataResponse(await updateProfile(await getDb(), session.user.id, changes));
  },
});
