import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/beauty-box";
import { answerAction, refused } from "~/.server/action-result";
import { readStaffForm, requireStaffAction, requireStaffPage } from "~/.server/auth/staff-routes.server";
import { getDb } from "~/.server/db";
import { adminActorOf } from "~/.server/modules/activity-log/activity-log.service";
import { boxAdminOverview, saveBoxEdition } from "~/.server/workflows/beauty-box";
import { BEAUTY_BOX_MAX_CONTENT_LINES, BoxEditionSchema, MONTH_PATTERN, addMonths, formatBoxMonth } from "~/domain/beauty-box/beauty-box";
import { invalid } from "~/domain/errors";
import type { ActionResult } from "~/domain/http/action-result";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";
import * as SHOP_MESSAGES from "~/domain/messages/shop";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { buttonClass } from "~/components/ui/button";
import { formatPrice } from "~/lib/money";
import { formatDate, formatDateTime, parisDay } from "~/lib/paris-time";

/**
 * Back-office > Beauty Box (docs/decisions/071-beauty-box.md): the subscribers, the month's
 * edition and its editor, the boxes to prepare with their picking list, failed charges with their
 * tries, and the cancellations. Viewing needs orders.read; editing the edition, orders.write.
 */
const PATH = "admin/beauty-box";

const monthOf = (request: Request) => {
  const asked = new URL(request.url).searchParams.get("mois") ?? "";
  return MONTH_PATTERN.test(asked) ? asked : parisDay(new Date()).slice(0, 7);
};

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaffPage(request, PATH);
  return { overview: await boxAdminOverview(await getDb(), monthOf(request)) };
}

export async function action({ request }: Route.ActionArgs) {
  const session = await requireStaffAction(request);
  const read = await readStaffForm(request, session, PATH);
  if (!read.ok) return read.answer;
  const form = read.form;
  const parsed = BoxEditionSchema.safeParse({
    intent: form.get("intent"),
    month: form.get("month"),
    title: form.get("title") ?? "",
    variant_id: form.getAll("variant_id").map(String),
    quantity: form.getAll("quantity").map(String),
  });
  if (!parsed.success) return refused(invalid("invalid_request", SHOP_MESSAGES.invalidRequest2));
  const input = parsed.data;
  return answerAction(async () => {
    await saveBoxEdition(
      await getDb(),
      {
        month: input.month,
        title: input.title,
        lines: input.variant_id.map((variant, i) => ({ variant, quantity: input.quantity[i] ?? 0 })),
      },
      adminActorOf(session),
    );
    return { data: null, message: ACCOUNT_MESSAGES.boxEditionSaved };
  });
}

export const headers = () => ({ "Cache-Control": "private, no-store" });

export function meta() {
  return [{ title: "Beauty Box | Administration | Aurore" }, { name: "robots", content: "noindex" }];
}

const STATUS_LABELS: Record<string, string> = {
  active: "Active",
  paused: "En pause",
  cancelled: "Résiliée",
  pending: "À prélever",
  charging: "Prélèvement en cours",
  paid: "Payée",
  failed: "Impayée",
  skipped: "Sautée",
};

const cell = "border-b border-line px-2 py-2 align-top";

export default function AdminBeautyBox({ loaderData, actionData }: Route.ComponentProps) {
  const { overview } = loaderData;
  const result = actionData as ActionResult | undefined;
  const busy = useNavigation().state === "submitting";
  const month = overview.month;
  const lines = [...overview.edition.contents.map((c) => ({ variant: c.sku || c.variant_id, quantity: c.quantity }))];
  while (lines.length < Math.min(BEAUTY_BOX_MAX_CONTENT_LINES, overview.edition.contents.length + 3))
    lines.push({ variant: "", quantity: 1 });
  const toPrepare = overview.boxes.filter((b) => b.status === "paid");
  return (
    <div className="space-y-6">
      <h1 className="font-display text-3xl">Beauty Box</h1>
      <nav aria-label="Mois" className="flex flex-wrap items-center gap-3">
        <Link to={`?mois=${addMonths(month, -1)}`} className={buttonClass({ variant: "outline", size: "sm" })}>
          Mois précédent
        </Link>
        <p className="font-semibold">Box de {formatBoxMonth(month)}</p>
        <Link to={`?mois=${addMonths(month, 1)}`} className={buttonClass({ variant: "outline", size: "sm" })}>
          Mois suivant
        </Link>
      </nav>
      {result ? (
        <p role={result.ok ? "status" : "alert"} className={result.ok ? "text-green-800" : "text-red-800"}>
          {result.ok ? result.message : result.message}
        </p>
      ) : null}

      <section aria-labelledby="box-edition" className="rounded-2xl border border-line bg-white p-5">
        <h2 id="box-edition" className="font-display text-xl">
          Contenu de la box de {formatBoxMonth(month)}
        </h2>
        <Form method="post" className="mt-3 grid gap-3">
          <input type="hidden" name="intent" value="save_edition" />
          <input type="hidden" name="month" value={month} />
          <label className="grid gap-1">
            <span>Titre</span>
            <input
              name="title"
              defaultValue={overview.edition.title}
              maxLength={120}
              className="min-h-11 rounded-lg border border-line px-3"
            />
          </label>
          <table className="w-full text-left">
            <thead>
              <tr>
                <th scope="col">Variante (SKU ou identifiant)</th>
                <th scope="col">Quantité par box</th>
              </tr>
            </thead>
            <tbody>
              {lines.map((line, i) => (
                <tr key={`${line.variant}-${i}`}>
                  <td>
                    <input
                      name="variant_id"
                      aria-label={`Variante ${i + 1}`}
                      defaultValue={line.variant}
                      className="min-h-11 w-full rounded-lg border border-line px-3"
                    />
                  </td>
                  <td>
                    <input
                      name="quantity"
                      type="number"
                      min={0}
                      max={10}
                      aria-label={`Quantité ${i + 1}`}
                      defaultValue={line.quantity}
                      className="min-h-11 w-24 rounded-lg border border-line px-3"
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <div>
            <button type="submit" className={buttonClass({ variant: "ink" })} disabled={busy}>
              Enregistrer la box
            </button>
          </div>
        </Form>
      </section>

      <section aria-labelledby="box-picking" className="rounded-2xl border border-line bg-white p-5">
        <h2 id="box-picking" className="font-display text-xl">
          Liste de préparation ({toPrepare.length} box payées)
        </h2>
        {overview.picking.length === 0 ? (
          <p className="mt-3 text-muted">Aucun contenu défini pour ce mois.</p>
        ) : (
          <table className="mt-3 w-full text-left">
            <thead>
              <tr>
                <th scope="col">Produit</th>
                <th scope="col">SKU</th>
                <th scope="col">Total à prélever</th>
                <th scope="col">Stock</th>
              </tr>
            </thead>
            <tbody>
              {overview.picking.map((p) => (
                <tr key={p.variant_id}>
                  <td className={cell}>{p.name}</td>
                  <td className={cell}>{p.sku}</td>
                  <td className={cell}>{p.quantity}</td>
                  <td className={cell}>{p.stock ?? "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      <section aria-labelledby="box-prepare" className="rounded-2xl border border-line bg-white p-5">
        <h2 id="box-prepare" className="font-display text-xl">
          Box du mois ({overview.boxes.length})
        </h2>
        {overview.boxes.length === 0 ? (
          <p className="mt-3 text-muted">Aucune box pour ce mois.</p>
        ) : (
          <table className="mt-3 w-full text-left">
            <thead>
              <tr>
                <th scope="col">Abonné(e)</th>
                <th scope="col">Statut</th>
                <th scope="col">Commande</th>
              </tr>
            </thead>
            <tbody>
              {overview.boxes.map((b) => (
                <tr key={b.id}>
                  <td className={cell}>
                    {b.name} ({b.email})
                  </td>
                  <td className={cell}>{STATUS_LABELS[b.status] ?? b.status}</td>
                  <td className={cell}>
                    {b.orderNumber ? <Link to={`/admin/commandes?q=${encodeURIComponent(b.orderNumber)}`}>{b.orderNumber}</Link> : "—"}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      <section aria-labelledby="box-failed" className="rounded-2xl border border-line bg-white p-5">
        <h2 id="box-failed" className="font-display text-xl">
          Prélèvements refusés
        </h2>
        {overview.failed.length + overview.retrying.length === 0 ? (
          <p className="mt-3 text-muted">Aucun prélèvement refusé.</p>
        ) : (
          <table className="mt-3 w-full text-left">
            <thead>
              <tr>
                <th scope="col">Abonné(e)</th>
                <th scope="col">Mois</th>
                <th scope="col">Tentatives</th>
                <th scope="col">Statut</th>
                <th scope="col">Dernière erreur</th>
              </tr>
            </thead>
            <tbody>
              {[...overview.retrying, ...overview.failed].map((c) => (
                <tr key={c.id}>
                  <td className={cell}>
                    {c.name} ({c.email})
                  </td>
                  <td className={cell}>{formatBoxMonth(c.month)}</td>
                  <td className={cell}>{c.tries}</td>
                  <td className={cell}>
                    {c.status === "pending" ? `Nouvelle tentative le ${formatDateTime(c.nextTryAt)}` : STATUS_LABELS[c.status]}
                  </td>
                  <td className={cell}>{c.lastError ?? "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      <section aria-labelledby="box-subscribers" className="rounded-2xl border border-line bg-white p-5">
        <h2 id="box-subscribers" className="font-display text-xl">
          Abonnés ({overview.subscribers.length})
        </h2>
        {overview.subscribers.length === 0 ? (
          <p className="mt-3 text-muted">Aucun abonné pour l'instant.</p>
        ) : (
          <table className="mt-3 w-full text-left">
            <thead>
              <tr>
                <th scope="col">Abonné(e)</th>
                <th scope="col">Statut</th>
                <th scope="col">Prix</th>
                <th scope="col">Prochaine box</th>
                <th scope="col">Depuis le</th>
              </tr>
            </thead>
            <tbody>
              {overview.subscribers.map((s) => (
                <tr key={s.id}>
                  <td className={cell}>
                    {s.name} ({s.email})
                  </td>
                  <td className={cell}>{STATUS_LABELS[s.status] ?? s.status}</td>
                  <td className={cell}>{formatPrice(s.priceCents)}</td>
                  <td className={cell}>{formatBoxMonth(s.nextMonth)}</td>
                  <td className={cell}>{formatDate(s.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      <section aria-labelledby="box-cancellations" className="rounded-2xl border border-line bg-white p-5">
        <h2 id="box-cancellations" className="font-display text-xl">
          Résiliations ({overview.cancellations.length})
        </h2>
        {overview.cancellations.length === 0 ? (
          <p className="mt-3 text-muted">Aucune résiliation.</p>
        ) : (
          <table className="mt-3 w-full text-left">
            <thead>
              <tr>
                <th scope="col">Abonné(e)</th>
                <th scope="col">Résiliée le</th>
                <th scope="col">Motif</th>
              </tr>
            </thead>
            <tbody>
              {overview.cancellations.map((s) => (
                <tr key={s.id}>
                  <td className={cell}>
                    {s.name} ({s.email})
                  </td>
                  <td className={cell}>{s.cancelledAt ? formatDate(s.cancelledAt) : "—"}</td>
                  <td className={cell}>{s.cancellationReason ?? "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
