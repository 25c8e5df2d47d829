import { Link, useFetcher } from "react-router";
import { Button, buttonClass } from "~/components/ui/button";
import { DataTable, Th } from "~/components/ui/data-table";
import { EmptyState } from "~/components/ui/empty-state";
import { FilterBar } from "~/components/ui/filter-bar";
import { Input } from "~/components/ui/input";
import type { AdminGiftCardView, GiftCardLedgerEntry } from "~/domain/gift-cards/gift-card-admin.types";
import { formatPrice } from "~/lib/money";
import { formatDate } from "~/lib/paris-time";
import { Pager } from "~/components/ui/pager";
import type { ActionResult } from "~/domain/http/action-result";
import { plural } from "~/lib/plural";
import { ReadOnlyNotice } from "./read-only-notice";

const STATUS_LABELS = { active: "Active", disabled: "Désactivée", cancelled: "Annulée" } as const;
const KIND_LABELS = { issue: "Émission", use: "Utilisation", refund: "Remboursement" } as const;

function statusOf(card: AdminGiftCardView): string {
  if (card.status === "active" && card.expired) return "Expirée";
  return STATUS_LABELS[card.status];
}

function DisableButton({ card }: { card: AdminGiftCardView }) {
  const fetcher = useFetcher<ActionResult<null>>();
  if (card.status !== "active") return null;
  return (
    <fetcher.Form
      method="post"
      onSubmit={(event) => {
        if (!window.confirm(`Désactiver la carte cadeau •••• ${card.last4} ?`)) event.preventDefault();
      }}
    >
      <input type="hidden" name="intent" value="disable" />
      <input type="hidden" name="giftCardId" value={card.id} />
      <Button
        type="submit"
        variant="danger-outline"
        size="sm"
        disabled={fetcher.state !== "idle"}
        aria-label={`Désactiver la carte cadeau •••• ${card.last4}`}
      >
        Désactiver
      </Button>
      {fetcher.data && !fetcher.data.ok && (
        <span role="alert" className="block text-xs text-danger">
          {fetcher.data.message}
        </span>
      )}
    </fetcher.Form>
  );
}

/** What the member's role may do here (decision 066): disable a card. */
export type GiftCardsPageAccess = { write: boolean };
const EVERYTHING: GiftCardsPageAccess = { write: true };

/** What the notice names for a role that reads the gift cards only. */
export const GIFT_CARDS_READ_ONLY = "modifier les cartes cadeaux";

/** Back-office list of gift cards with their ledger (docs/decisions/018-gift-cards.md). */
export function AdminGiftCardsView({
  query,
  list,
  ledger,
  ledgerCardId,
  may = EVERYTHING,
}: {
  query: { q: string; page: number };
  list: { cards: AdminGiftCardView[]; total: number; page: number; page_count: number };
  ledger: GiftCardLedgerEntry[] | null;
  ledgerCardId: string | null | undefined;
  may?: GiftCardsPageAccess;
}) {
  const selected = list.cards.find((c) => c.id === ledgerCardId);
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-display text-3xl">Cartes cadeaux</h1>
          <p className="text-sm text-muted">{plural(list.total, "carte cadeau", "cartes cadeaux")}</p>
        </div>
        <FilterBar label="Filtrer les cartes cadeaux">
          <label className="flex flex-col gap-1 text-sm font-semibold">
            Rechercher
            <Input name="q" defaultValue={query.q} placeholder="4 derniers caractères ou e-mail de l'acheteur" className="w-72" />
          </label>
        </FilterBar>
      </div>

      {may.write ? null : <ReadOnlyNotice what={GIFT_CARDS_READ_ONLY} />}

      {list.cards.length === 0 ? (
        <EmptyState>Aucune carte cadeau</EmptyState>
      ) : (
        <DataTable
          label="Liste des cartes cadeaux"
          head={
            <>
              <Th>Carte</Th>
              <Th>Montant</Th>
              <Th>Solde</Th>
              <Th>Statut</Th>
              <Th>Acheteur</Th>
              <Th>Expiration</Th>
              <Th>Actions</Th>
            </>
          }
        >
          {list.cards.map((card) => (
            <tr key={card.id}>
              <td className="px-4 py-3 font-mono">•••• {card.last4}</td>
              <td className="px-4 py-3">{formatPrice(card.amount_cents)}</td>
              <td className="px-4 py-3 font-semibold">{formatPrice(card.balance_cents)}</td>
              <td className="px-4 py-3">{statusOf(card)}</td>
              <td className="px-4 py-3">
                {card.buyer_email ?? "Compte supprimé"}
                {card.order_reference && <span className="block text-xs text-muted">Commande {card.order_reference}</span>}
              </td>
              <td className="px-4 py-3">{formatDate(card.expires_at)}</td>
              <td className="px-4 py-3">
                <div className="flex flex-wrap gap-2">
                  <Link
                    to={`?${new URLSearchParams({ ...(query.q ? { q: query.q } : {}), page: String(query.page), carte: card.id })}`}
                    aria-label={`Historique de la carte cadeau •••• ${card.last4}`}
                    className={buttonClass({ size: "sm" })}
                  >
                    Historique
                  </Link>
                  {may.write && <DisableButton card={card} />}
                </div>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      {list.page_count > 1 ? (
        <Pager
          page={list.page}
          pageCount={list.page_count}
          hrefFor={(page) => `?${new URLSearchParams({ ...(query.q ? { q: query.q } : {}), page: String(page) })}`}
        />
      ) : null}

      {ledger && (
        <section aria-labelledby="gift-card-ledger" className="rounded-2xl border border-line bg-white p-6">
          <h2 id="gift-card-ledger" className="font-display text-2xl">
            Historique de la carte {selected ? `•••• ${selected.last4}` : ""}
          </h2>
          <table className="mt-4 w-full text-left text-sm">
            <thead className="text-xs uppercase text-muted">
              <tr>
                <th scope="col" className="py-2">
                  Date
                </th>
                <th scope="col" className="py-2">
                  Opération
                </th>
                <th scope="col" className="py-2">
                  Montant
                </th>
                <th scope="col" className="py-2">
                  Solde après
                </th>
                <th scope="col" className="py-2">
                  Commande ou motif
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {ledger.map((entry) => (
                <tr key={entry.id}>
                  <td className="py-2">{formatDate(entry.created_at)}</td>
                  <td className="py-2">{KIND_LABELS[entry.kind]}</td>
                  <td className="py-2">
                    {entry.amount_cents > 0 ? "+" : ""}
                    {formatPrice(entry.amount_cents)}
                  </td>
                  <td className="py-2">{formatPrice(entry.balance_after_cents)}</td>
                  <td className="py-2">{entry.order_reference ?? entry.note ?? ""}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </div>
  );
}
