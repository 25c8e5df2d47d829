import type { Route } from "./+types/index";
import { requireAdmin } from "~/.server/auth/session.server";
import { getDb } from "~/.server/db";
import { getAdminOverview } from "~/.server/modules/admin/admin-overview.service";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";

/** Back-office entry. The role is checked on the server for every admin loader and action. */
export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireAdmin(request);
  const overview = await getAdminOverview(await getDb());
  return { email: session.user.email, overview };
}

export const headers = () => ({ "Cache-Control": "private, no-store" });

export function meta() {
  return [{ title: "Administration | Aurore" }, { name: "robots", content: "noindex" }];
}

export default function AdminHome({ loaderData }: Route.ComponentProps) {
  const { email, overview } = loaderData;
  const cards = [
    { label: "Produits", value: overview.products },
    { label: "Commandes", value: overview.orders },
    { label: "Clients", value: overview.customers },
  ];
  return (
    <div className="mx-auto max-w-5xl">
      <div>
        <h1 className="font-display text-3xl">Tableau de bord</h1>
        <p className="mt-1 text-muted">Connecté en tant que {email}</p>
      </div>
      <ul className="mt-8 grid gap-4 sm:grid-cols-3">
        {cards.map((c) => (
          <li key={c.label} className="rounded-2xl border border-line bg-cream p-6">
            <p className="text-sm text-muted">{c.label}</p>
            <p className="mt-2 text-3xl font-semibold">{c.value.toLocaleString("fr-FR")}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** 401 and 403 explained in French, with a way back. */
export const ErrorBoundary = RouteErrorBoundary;
