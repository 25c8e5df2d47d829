import type { Route } from "./+types/me-export";
import { requireApiUser } from "~/.server/auth/session.server";
import { getDb } from "~/.server/db";
import { exportUserData } from "~/.server/modules/accounts/gdpr.service";
import { parisDay } from "~/lib/paris-time";

/** GET /api/v1/me/export: every piece of the signed-in user's data, as a JSON download. */
export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireApiUser(request);
  const data = await exportUserData(await getDb(), session.user.id);
  return new Response(JSON.stringify(data, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="aurore-mes-donnees-${parisDay(new Date())}.json"`,
      "Cache-Control": "no-store",
    },
  });
}
