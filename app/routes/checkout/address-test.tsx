import { useCallback, useState } from "react";
import type { Route } from "./+types/address-test";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { formatAddressLines } from "~/features/addresses/public/address-api";
import { missingAddressFields, type SavedAddressView } from "~/domain/addresses/address.schema";
import { AddressSelector } from "~/features/addresses/public/address-selector";
import { EventLog, useEventLog } from "~/features/checkout/components/event-log";
import { refuseFormUnlessAdmin, requireAdminOr404 } from "./checkout-data.server";
import { metaI18n } from "~/components/ui/meta-i18n";

/** Administrator only; anyone else sees the shop's 404. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminOr404(request);
  return null;
}

/** No form here: 405 for the administrator, the page's 404 for anyone else. */
export async function action({ request }: Route.ActionArgs) {
  return refuseFormUnlessAdmin(request);
}

export const headers = () => ({ "Cache-Control": "private, no-store" });

export function meta({ matches }: Route.MetaArgs) {
  const { t } = metaI18n(matches);
  return [{ title: `${t("common.meta.addressTest.title")} | Aurore` }, { name: "robots", content: "noindex" }];
}

export const ErrorBoundary = RouteErrorBoundary;

/** The address selector alone (it loads the addresses through the API), with a live log. */
export default function AddressTestPage() {
  const [lines, log, clear] = useEventLog();
  const [selected, setSelected] = useState<SavedAddressView | null>(null);
  const select = useCallback(
    (address: SavedAddressView | null) => {
      setSelected(address);
      log(address ? `Sélection : ${address.id}` : "Aucune adresse sélectionnée");
    },
    [log],
  );
  const missing = selected ? missingAddressFields(selected) : null;
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <h1 className="font-display text-3xl">Test du sélecteur d'adresses</h1>
      <p className="mt-2 text-sm text-muted">Page de débogage réservée à l'administrateur.</p>
      <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <div className="space-y-6">
          <AddressSelector selectedId={selected?.id ?? null} onSelect={select} onLog={log} />
          <section aria-labelledby="selected-title" className="rounded-2xl border border-line p-4 text-sm">
            <h2 id="selected-title" className="font-semibold">
              Adresse sélectionnée
            </h2>
            {selected ? (
              <>
                <p className="mt-2 text-muted">{formatAddressLines(selected).join(", ")}</p>
                <p className="mt-2">{missing ?? "Adresse complète"}</p>
              </>
            ) : (
              <p className="mt-2 text-muted">Aucune</p>
            )}
          </section>
        </div>
        <EventLog lines={lines} onClear={clear} />
      </div>
    </div>
  );
}
