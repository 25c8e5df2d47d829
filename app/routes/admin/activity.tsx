import type { Route } from "./+types/activity";
import { requireStaff } from "~/.server/auth/session.server";
import { getDb } from "~/.server/db";
import { readActivityLog } from "~/.server/workflows/event-subscribers";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { readActivityQuery } from "~/domain/activity-log/activity-log";
import { AdminActivityView } from "~/features/admin/components/admin-activity-view";

/** Journal d'activité: every back-office change, newest first; the filters live in the URL (decision 048). */
export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request, "activity.read");
  const query = readActivityQuery(new URL(request.url).searchParams);
  return { query, result: await readActivityLog(await getDb(), query) };
}

export const headers = () => ({ "Cache-Control": "private, no-store" });

export function meta() {
  return [{ title: "Journal d'activité | Administration | Aurore" }, { name: "robots", content: "noindex" }];
}

export default function AdminActivity({ loaderData }: Route.ComponentProps) {
  return <AdminActivityView query={loaderData.query} result={loaderData.result} />;
}

export const ErrorBoundary = RouteErrorBoundary;
