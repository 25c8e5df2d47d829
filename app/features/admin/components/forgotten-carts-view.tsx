import { Link } from "react-router";
import { formatPrice } from "~/lib/money";
import { formatDateTime } from "~/lib/paris-time";
import { plural } from "~/lib/plural";
import type { CartReminderReport } from "~/domain/cart-reminders/cart-reminders";

const panel = "rounded-2xl border border-line bg-white p-5";

/**
 * Statistiques, "Paniers oubliés" (docs/decisions/069-forgotten-cart.md): the totals, then the
 * latest reminders with their step, customer, cart amount and, when an order followed, its amount.
 */
export function ForgottenCartsView({ report, shown }: { report: CartReminderReport; shown: number }) {
  const { totals, rows } = report;
  return (
    <div className="space-y-6">
      <ul aria-label="Totaux des paniers oubliés" className="grid gap-3 sm:grid-cols-3">
        <li className={panel}>
          <p className="text-sm text-muted">Rappels envoyés</p>
          <p className="font-display text-2xl">{totals.sent}</p>
        </li>
        <li className={panel}>
          <p className="text-sm text-muted">Paniers récupérés</p>
          <p className="font-display text-2xl">{totals.recoveredCarts}</p>
        </li>
        <li className={panel}>
          <p className="text-sm text-muted">Montant récupéré</p>
          <p className="font-display text-2xl">{formatPrice(totals.recoveredAmountCents)}</p>
        </li>
      </ul>
      <section aria-labelledby="forgotten-carts-list" className={panel}>
        <h2 id="forgotten-carts-list" className="font-display text-xl">
          Rappels envoyés
        </h2>
        {rows.length === 0 ? (
          <p className="mt-3 text-muted">Aucun rappel de panier n&apos;a encore été envoyé.</p>
        ) : (
          <>
            {totals.sent > rows.length && <p className="mt-1 text-sm text-muted">Les {shown} plus récents sont affichés.</p>}
            <div className="mt-3 overflow-x-auto">
              <table className="w-full min-w-[40rem] text-left text-sm">
                <caption className="sr-only">Rappels de panier envoyés, du plus récent au plus ancien</caption>
                <thead>
                  <tr className="border-b border-line text-muted">
                    <th scope="col" className="py-2 pr-3 font-semibold">
                      Date
                    </th>
                    <th scope="col" className="py-2 pr-3 font-semibold">
                      Rappel
                    </th>
                    <th scope="col" className="py-2 pr-3 font-semibold">
                      Client
                    </th>
                    <th scope="col" className="py-2 pr-3 text-right font-semibold">
                      Panier
                    </th>
                    <th scope="col" className="py-2 font-semibold">
                      Récupéré
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row) => (
                    <tr key={row.id} className="border-b border-line last:border-0">
                      <td className="py-2 pr-3 whitespace-nowrap">{formatDateTime(row.sentAt)}</td>
                      <td className="py-2 pr-3">{row.step === 1 ? "1er rappel" : "2e rappel"}</td>
                      <td className="py-2 pr-3">
                        {row.customer ? (
                          <Link to={`/admin/clients/${row.customer.id}`} className="font-semibold underline underline-offset-4">
                            {row.customer.name || row.customer.email}
                          </Link>
                        ) : (
                          <span className="text-muted">Compte supprimé</span>
                        )}
                      </td>
                      <td className="py-2 pr-3 text-right whitespace-nowrap">
                        {formatPrice(row.cartAmountCents)}{" "}
                        <span className="text-muted">· {plural(row.itemCount, "article", "articles")}</span>
                      </td>
                      <td className="py-2">
                        {row.recovered ? (
                          <span>
                            Oui : {formatPrice(row.recovered.amountCents)}
                            {row.recovered.orderNumber && <span className="text-muted"> ({row.recovered.orderNumber})</span>}
                          </span>
                        ) : (
                          <span className="text-muted">Non</span>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </section>
    </div>
  );
}
