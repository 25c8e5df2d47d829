import { useState, type ReactNode } from "react";
import { Link, useSearchParams } from "react-router";
import { Button } from "~/components/ui/button";
import { formatPrice } from "~/lib/money";
import { formatDate } from "~/lib/paris-time";
import { orderStatusLabel } from "~/domain/orders/order.types";
import { CLIENT_STATUS_LABELS } from "~/domain/customers/admin-clients.schema";
import { CLIENT_GENDER_LABELS, type AdminClientProfile, type ClientGender } from "~/domain/customers/admin-client-profile.schema";
import { AdjustPointsModal, ClientMailModal, EditClientModal, GiftCardModal } from "./admin-client-forms";

const cardClass = "rounded-2xl border border-line bg-white p-5";

const dateOrDash = (value: string | null) => (value ? <time dateTime={value}>{formatDate(value)}</time> : "—");

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap justify-between gap-2 border-b border-line py-2 last:border-0">
      <dt className="text-muted">{label}</dt>
      <dd className="text-right font-medium">{children}</dd>
    </div>
  );
}

/**
 * Voir: the client's page; Modifier opens at once with ?modifier=1 (the list's button). A role
 * that only reads the clients (`writable` false, decision 066) gets the page without its forms.
 */
export function AdminClientView({ client, writable = true }: { client: AdminClientProfile; writable?: boolean }) {
  const [params] = useSearchParams();
  const [dialog, setDialog] = useState<"edit" | "points" | "mail" | "gift-card" | null>(
    writable && params.get("modifier") === "1" ? "edit" : null,
  );
  const name = [client.first_name, client.last_name].filter(Boolean).join(" ") || "Nom non renseigné";
  const gender = client.gender ? (CLIENT_GENDER_LABELS[client.gender as ClientGender] ?? client.gender) : "—";

  return (
    <div className="space-y-6">
      <Link to="/admin/clients" className="text-sm font-semibold text-accent-dark hover:underline">
        ← Retour aux clients
      </Link>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-display text-3xl">{name}</h1>
          <p className="mt-1 font-mono text-xs text-muted">ID : {client.id}</p>
        </div>
        {writable && (
          <div className="flex flex-wrap gap-3">
            <Button size="sm" onClick={() => setDialog("edit")}>
              Modifier
            </Button>
            <Button size="sm" onClick={() => setDialog("points")}>
              Ajuster les points
            </Button>
            <Button size="sm" onClick={() => setDialog("mail")}>
              Envoyer email
            </Button>
            <Button size="sm" onClick={() => setDialog("gift-card")}>
              Offrir une carte cadeau
            </Button>
          </div>
        )}
      </div>

      <div className="grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="client-identity" className={cardClass}>
          <h2 id="client-identity" className="text-lg font-semibold">
            Profil
          </h2>
          <dl className="mt-3 text-sm">
            <Item label="Email">
              <span className="break-all">{client.email}</span>
            </Item>
            <Item label="Téléphone">{client.phone ?? "Téléphone non renseigné"}</Item>
            <Item label="Date de naissance">{client.date_of_birth ? formatDate(`${client.date_of_birth}T12:00:00Z`) : "—"}</Item>
            <Item label="Genre">{gender}</Item>
            <Item label="Inscription">{dateOrDash(client.created_at)}</Item>
            <Item label="Dernière connexion">{dateOrDash(client.last_login_at)}</Item>
            <Item label="Statut">
              <span data-status={client.status}>{CLIENT_STATUS_LABELS[client.status]}</span>
            </Item>
            <Item label="Mot de passe">{client.has_password ? "Défini" : "En attente (invitation envoyée)"}</Item>
          </dl>
          {client.bio ? <p className="mt-3 whitespace-pre-line text-sm">{client.bio}</p> : null}
        </section>

        <section aria-labelledby="client-loyalty" className={cardClass}>
          <h2 id="client-loyalty" className="text-lg font-semibold">
            Beauty Pass
          </h2>
          <dl className="mt-3 text-sm">
            <Item label="Solde">
              <span data-testid="client-points">{client.loyalty_points.toLocaleString("fr-FR")} points</span>
            </Item>
            <Item label="Niveau">{client.loyalty_tier}</Item>
          </dl>
          {client.loyalty_history.length > 0 ? (
            <ul aria-label="Historique des points" className="mt-3 divide-y divide-line text-sm">
              {client.loyalty_history.map((t) => (
                <li key={t.id} className="flex justify-between gap-3 py-2">
                  <span>
                    {t.description} <span className="text-muted">· {formatDate(t.created_at)}</span>
                  </span>
                  <span className={`whitespace-nowrap font-semibold ${t.points > 0 ? "text-success" : ""}`}>
                    {t.points > 0 ? "+" : ""}
                    {t.points.toLocaleString("fr-FR")}
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-3 text-sm text-muted">Aucun mouvement de points.</p>
          )}
        </section>

        <section aria-labelledby="client-orders" className={cardClass}>
          <h2 id="client-orders" className="text-lg font-semibold">
            Commandes
          </h2>
          <dl className="mt-3 text-sm">
            <Item label="Commandes">{client.order_count}</Item>
            <Item label="Total dépensé">{formatPrice(client.total_spent_cents)}</Item>
            <Item label="Dernière commande">{dateOrDash(client.last_order_at)}</Item>
          </dl>
          {client.latest_orders.length > 0 ? (
            <table className="mt-3 w-full text-left text-sm">
              <caption className="sr-only">Dernières commandes</caption>
              <thead className="text-xs uppercase tracking-wide text-muted">
                <tr>
                  <th scope="col" className="py-2">
                    Référence
                  </th>
                  <th scope="col" className="py-2">
                    Date
                  </th>
                  <th scope="col" className="py-2">
                    Statut
                  </th>
                  <th scope="col" className="py-2 text-right">
                    Total
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-line">
                {client.latest_orders.map((o) => (
                  <tr key={o.id}>
                    <td className="py-2 font-mono">{o.reference}</td>
                    <td className="py-2">{formatDate(o.created_at)}</td>
                    <td className="py-2">{orderStatusLabel(o.status)}</td>
                    <td className="py-2 text-right font-semibold">{formatPrice(o.total_cents)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : (
            <p className="mt-3 text-sm text-muted">Aucune commande pour le moment.</p>
          )}
        </section>

        <section aria-labelledby="client-addresses" className={cardClass}>
          <h2 id="client-addresses" className="text-lg font-semibold">
            Adresses
          </h2>
          {client.addresses.length > 0 ? (
            <ul className="mt-3 grid gap-3 text-sm sm:grid-cols-2">
              {client.addresses.map((a) => (
                <li key={a.id} className="rounded-xl border border-line p-3">
                  <p className="font-semibold">
                    {a.label ?? a.name}
                    {a.is_default ? <span className="ml-2 rounded-full bg-band px-2 py-0.5 text-xs">Par défaut</span> : null}
                  </p>
                  {a.label ? <p>{a.name}</p> : null}
                  {a.lines.map((line, i) => (
                    <p key={i}>{line}</p>
                  ))}
                  <p className="text-muted">{a.phone}</p>
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-3 text-sm text-muted">Aucune adresse enregistrée.</p>
          )}
        </section>
      </div>

      {dialog === "edit" ? <EditClientModal client={client} onClose={() => setDialog(null)} /> : null}
      {dialog === "points" ? <AdjustPointsModal client={client} onClose={() => setDialog(null)} /> : null}
      {dialog === "gift-card" ? <GiftCardModal client={client} onClose={() => setDialog(null)} /> : null}
      {dialog === "mail" ? (
        <ClientMailModal clientIds={[client.id]} recipients={`${name} (${client.email})`} onClose={() => setDialog(null)} />
      ) : null}
    </div>
  );
}
