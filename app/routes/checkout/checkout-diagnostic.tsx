import { useCallback, useId, useState, type FormEvent } from "react";
import type { Route } from "./+types/checkout-diagnostic";
import { getDb } from "~/.server/db";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { FormMessage, inputClass, primaryButtonClass, secondaryButtonClass } from "~/components/ui/form-parts";
import { fetchAddresses } from "~/features/addresses/public/address-api";
import { missingAddressFields, type SavedAddressView } from "~/domain/addresses/address.schema";
import { AddressSelector } from "~/features/addresses/public/address-selector";
import { useCart } from "~/features/cart/public/cart-store";
import { ContactInfoSchema } from "~/domain/checkout/checkout.schema";
import { EventLog, useEventLog } from "~/features/checkout/components/event-log";
import { loadCheckoutAccount, refuseFormUnlessAdmin, requireAdminOr404 } from "./checkout-data.server";
import { plural } from "~/lib/plural";
import { metaI18n } from "~/components/ui/meta-i18n";

/** Administrator only; anyone else sees the shop's 404 (the page does not reveal itself). */
export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireAdminOr404(request);
  const account = await loadCheckoutAccount(await getDb(), session);
  return { signedInAs: session.user.email, account };
}

/** No form here: 405 for the administrator, the page's 404 for anyone else. */
export async function action({ request }: Route.ActionArgs) {
  return refuseFormUnlessAdmin(request);
}

export const headers = () => ({ "Cache-Control": "private, no-store" });

export function meta({ matches }: Route.MetaArgs) {
  const { t } = metaI18n(matches);
  return [{ title: `${t("common.meta.checkoutDiagnostic.title")} | Aurore` }, { name: "robots", content: "noindex" }];
}

export const ErrorBoundary = RouteErrorBoundary;

type DiagnosticStep = "shipping" | "payment";

/**
 * Checkout diagnostic (spec back-office §2): three status tiles, a test form that only checks
 * the data (no order is placed here), a debug-tests button and a live event log.
 */
export default function CheckoutDiagnosticPage({ loaderData }: Route.ComponentProps) {
  const { signedInAs, account } = loaderData;
  const cart = useCart();
  const [lines, log, clear] = useEventLog();
  const [values, setValues] = useState({ email: account.email, name: account.name, phone: account.phone });
  const [address, setAddress] = useState<SavedAddressView | null>(null);
  const [step, setStep] = useState<DiagnosticStep>("shipping");
  const [testing, setTesting] = useState(false);
  const formId = useId();

  const select = useCallback(
    (next: SavedAddressView | null) => {
      setAddress(next);
      log(next ? `Adresse choisie : ${next.postal_code} ${next.city}` : "Aucune adresse choisie");
    },
    [log],
  );

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    log("Validation du formulaire de test...");
    // Spec: the checks only write debug lines, no message to the user.
    const parsed = ContactInfoSchema.safeParse(values);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) log(`Échec : ${String(issue.path[0])} - ${issue.message}`);
      return;
    }
    if (!address) {
      log("Échec : Une adresse de livraison est obligatoire");
      return;
    }
    const missing = missingAddressFields(address);
    if (missing) {
      log(`Échec : ${missing}`);
      return;
    }
    log("Validation réussie : passage à l'étape payment");
    setStep("payment");
  }

  async function runDebugTests() {
    setTesting(true);
    log("Tests de diagnostic : début");
    log(`Session : ${signedInAs}`);
    log(`Panier : ${plural(cart.items.length, "ligne", "lignes")}, ${plural(cart.count, "article", "articles")}`);
    if (cart.expiresAt) log(`Panier : expire à ${new Date(cart.expiresAt).toLocaleTimeString("fr-FR")}`);
    try {
      localStorage.setItem("aurore-diagnostic", "1");
      localStorage.removeItem("aurore-diagnostic");
      log("Stockage local : disponible");
    } catch {
      log("Stockage local : indisponible");
    }
    const started = performance.now();
    const result = await fetchAddresses();
    const ms = Math.round(performance.now() - started);
    log(
      result.ok
        ? `API adresses : ${plural(result.data.length, "adresse", "adresses")} en ${ms} ms`
        : `API adresses : erreur ${result.status} en ${ms} ms`,
    );
    log(`Adresse choisie : ${address ? (missingAddressFields(address) ?? "complète") : "aucune"}`);
    log("Tests de diagnostic : fin");
    setTesting(false);
  }

  const tiles = [
    { label: "Utilisateur", value: signedInAs ? "Connecté" : "Non connecté", detail: signedInAs },
    {
      label: "Articles du panier",
      value: String(cart.count),
      detail: plural(cart.items.length, "produit différent", "produits différents"),
    },
    {
      label: "Adresse choisie",
      value: address ? `${address.postal_code} ${address.city}` : "Aucune",
      detail: address ? (address.label ?? address.address_line_1) : "Sélectionnez une adresse",
    },
  ];

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <h1 className="font-display text-3xl">Diagnostic de la commande</h1>
      <p className="mt-2 text-sm text-muted">Page de débogage réservée à l'administrateur. Aucune commande n'est passée ici.</p>

      <ul aria-label="État" className="mt-6 grid gap-4 sm:grid-cols-3">
        {tiles.map((tile) => (
          <li key={tile.label} className="rounded-2xl border border-line bg-cream p-4">
            <p className="text-sm text-muted">{tile.label}</p>
            <p className="mt-1 text-xl font-semibold">{tile.value}</p>
            <p className="mt-1 break-words text-xs text-muted">{tile.detail}</p>
          </li>
        ))}
      </ul>

      <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <div className="space-y-6">
          <p className="text-sm">
            Étape actuelle : <strong>{step}</strong>
          </p>
          {step === "payment" ? (
            <div className="space-y-4">
              <FormMessage tone="success">Informations validées : le passage à l'étape de paiement fonctionne.</FormMessage>
              <button
                type="button"
                onClick={() => {
                  setStep("shipping");
                  log("Retour à l'étape shipping");
                }}
                className={secondaryButtonClass}
              >
                Retour
              </button>
            </div>
          ) : (
            <section aria-labelledby="diagnostic-form-title" className="space-y-6">
              <h2 id="diagnostic-form-title" className="text-xl font-semibold">
                Formulaire de test
              </h2>
              {/* The address picker stays outside the form: its dialog holds its own form. */}
              <form id={formId} noValidate onSubmit={submit} aria-labelledby="diagnostic-form-title" className="grid gap-4 sm:grid-cols-2">
                <label className="block text-sm font-medium sm:col-span-2">
                  E-mail
                  <input
                    type="email"
                    name="email"
                    value={values.email}
                    onChange={(e) => setValues((v) => ({ ...v, email: e.target.value }))}
                    className={inputClass}
                  />
                </label>
                <label className="block text-sm font-medium">
                  Nom complet
                  <input
                    name="name"
                    value={values.name}
                    onChange={(e) => setValues((v) => ({ ...v, name: e.target.value }))}
                    className={inputClass}
                  />
                </label>
                <label className="block text-sm font-medium">
                  Téléphone
                  <input
                    type="tel"
                    name="phone"
                    value={values.phone}
                    onChange={(e) => setValues((v) => ({ ...v, phone: e.target.value }))}
                    className={inputClass}
                  />
                </label>
              </form>
              <AddressSelector
                initialAddresses={account.addresses}
                selectedId={address?.id ?? null}
                onSelect={select}
                onLog={log}
                addLabel="Saisir une adresse manuellement"
                prefill={{ first_name: account.firstName, last_name: account.lastName, phone: account.phone }}
              />
              <div className="flex flex-wrap gap-3">
                <button type="submit" form={formId} className={primaryButtonClass}>
                  Continuer vers le paiement
                </button>
                <button type="button" onClick={runDebugTests} disabled={testing} className={secondaryButtonClass}>
                  {testing ? "Tests en cours..." : "Lancer les tests de débogage"}
                </button>
              </div>
            </section>
          )}
        </div>
        <EventLog lines={lines} onClear={clear} />
      </div>
    </div>
  );
}
