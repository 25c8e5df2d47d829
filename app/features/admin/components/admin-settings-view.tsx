import { useState } from "react";
import { useFetcher } from "react-router";
import { FieldShell, errorIdOf } from "~/components/ui/field";
import { Input, Select } from "~/components/ui/input";
import { SHIPPING_ZONES } from "~/domain/checkout/shipping.rules";
import {
  DeliveryMethodFormSchema,
  SHIPPING_ZONE_CODES,
  type DeliveryMethod,
  type DeliveryMethodCode,
  type DeliveryMethodField,
} from "~/domain/delivery/delivery-methods";
import { CARRIER_PRODUCTS, productFitsMethod, type CarrierProduct } from "~/domain/delivery/carrier-products";
import {
  DELIVERY_METHOD_TITLES,
  centsToEurosInput,
  deliveryMethodFormValues,
  type SavedDeliveryMethod,
  type DeliveryMethodFormValues,
} from "~/domain/delivery/delivery-methods-form";
import { CARRIER_RULES, CARRIERS, type Carrier } from "~/domain/orders/shipping-tracking";
import { SettingsAccess, SettingsSection, SettingsSubmitRow, useSettingsForm } from "./settings-form";
import type { ActionResult } from "~/domain/http/action-result";

type Errors = Partial<Record<DeliveryMethodField, string>>;

const TEXT_FIELDS: { name: "name" | "price" | "free_threshold" | "delay_working_days"; label: string; help: string; numeric?: boolean }[] =
  [
    { name: "name", label: "Nom affiché", help: "Le nom que voient les clients au moment de commander." },
    { name: "price", label: "Prix (€)", help: "France métropolitaine et Corse, de 0 à 100 €.", numeric: true },
    {
      name: "free_threshold",
      label: "Offerte à partir de (€)",
      help: "Montant d'articles à partir duquel ce mode est offert ; laissez vide s'il n'est jamais offert.",
      numeric: true,
    },
    {
      name: "delay_working_days",
      label: "Délai (jours ouvrés)",
      help: "Après l'expédition, hors Corse, outre-mer et étranger.",
      numeric: true,
    },
  ];

function valuesOf(method: DeliveryMethod): DeliveryMethodFormValues {
  return {
    name: method.name,
    carrier: method.carrier,
    product_code: method.productCode,
    price: centsToEurosInput(method.priceCents),
    free_threshold: centsToEurosInput(method.freeThresholdCents),
    delay_working_days: String(method.delayWorkingDays),
    zones: method.zones,
    active: method.active,
  };
}

/** The carrier's products a method may ship with (a relay method needs a point product); none for an unknown carrier. */
function fittingProducts(code: DeliveryMethodCode, carrier: string): readonly CarrierProduct[] {
  if (!(CARRIERS as readonly string[]).includes(carrier)) return [];
  return CARRIER_PRODUCTS[carrier as Carrier].filter((p) => productFitsMethod(code, p));
}

/** The browser checks with the action's schema; a refused value stays in its field. */
function errorsOf(form: HTMLFormElement): Errors {
  const parsed = DeliveryMethodFormSchema.safeParse(deliveryMethodFormValues(new FormData(form)));
  const errors: Errors = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) errors[issue.path[0] as DeliveryMethodField] ??= issue.message;
  }
  return errors;
}

/** What the action answers a method's form (decision 056). */

/** One method's form: name, carrier and its product, price, threshold, delay, zones, offered or not. */
function DeliveryMethodForm({ method, answer }: { method: DeliveryMethod; answer?: ActionResult<SavedDeliveryMethod> }) {
  const fetcher = useFetcher<ActionResult<SavedDeliveryMethod>>();
  const mine = answer && (answer.ok ? answer.data.code : answer.values?.code) === method.code ? answer : undefined;
  const { errors, saved, touched, checkOnSubmit } = useSettingsForm<DeliveryMethodField>(fetcher, { initial: mine, fallbackField: "name" });
  const initial = mine && !mine.ok ? (mine.values as DeliveryMethodFormValues) : valuesOf(method);
  const title = DELIVERY_METHOD_TITLES[method.code];
  const prefix = `method-${method.code}`;
  const busy = fetcher.state !== "idle";
  // The product list follows the carrier chosen, before anything is saved.
  const [carrier, setCarrier] = useState(initial.carrier);
  const products = fittingProducts(method.code, carrier);
  const productId = `${prefix}-product_code`;
  return (
    <fetcher.Form
      method="post"
      noValidate
      aria-label={title}
      className="space-y-5 rounded-2xl border border-line bg-white p-6"
      onSubmit={checkOnSubmit(errorsOf)}
    >
      <h3 className="font-display text-xl">{title}</h3>
      <input type="hidden" name="code" value={method.code} />
      <div className="grid gap-5 sm:grid-cols-2">
        {TEXT_FIELDS.map((field) => {
          const id = `${prefix}-${field.name}`;
          const error = errors[field.name];
          return (
            <FieldShell key={field.name} id={id} label={field.label} error={error}>
              <Input
                id={id}
                name={field.name}
                inputMode={field.numeric ? (field.name === "delay_working_days" ? "numeric" : "decimal") : undefined}
                autoComplete="off"
                defaultValue={initial[field.name]}
                aria-invalid={error ? true : undefined}
                aria-describedby={`${id}-help${error ? ` ${id}-error` : ""}`}
                onChange={() => touched(field.name)}
                className="mt-1 w-full"
              />
              <p id={`${id}-help`} className="mt-1 text-sm text-muted">
                {field.help}
              </p>
            </FieldShell>
          );
        })}
        <FieldShell id={`${prefix}-carrier`} label="Transporteur" error={errors.carrier}>
          <Select
            id={`${prefix}-carrier`}
            name="carrier"
            value={carrier}
            onChange={(event) => {
              setCarrier(event.currentTarget.value);
              touched("carrier");
              touched("product_code");
            }}
            aria-invalid={errors.carrier ? true : undefined}
            aria-describedby={errorIdOf(`${prefix}-carrier`, errors.carrier)}
            className="mt-1 w-full"
          >
            {CARRIERS.map((c) => (
              <option key={c} value={c}>
                {CARRIER_RULES[c].label}
              </option>
            ))}
          </Select>
        </FieldShell>
        <FieldShell id={productId} label="Produit du transporteur" error={errors.product_code}>
          {/* Keyed by carrier: another carrier's list starts on its first fitting product, the
              method's own carrier on the product saved (or typed, after a refusal). */}
          <Select
            key={carrier}
            id={productId}
            name="product_code"
            defaultValue={carrier === initial.carrier ? initial.product_code : (products[0]?.code ?? "")}
            onChange={() => touched("product_code")}
            aria-invalid={errors.product_code ? true : undefined}
            aria-describedby={`${productId}-help${errors.product_code ? ` ${productId}-error` : ""}`}
            className="mt-1 w-full"
          >
            {products.map((p) => (
              <option key={p.code} value={p.code}>
                {p.label}
              </option>
            ))}
          </Select>
          <p id={`${productId}-help`} className="mt-1 text-sm text-muted">
            {method.code === "relay"
              ? "Le service sous lequel partent les colis de ce mode : un retrait en point relais ou en bureau de poste."
              : "Le service sous lequel partent les colis de ce mode, livrés à l'adresse du client."}
          </p>
        </FieldShell>
      </div>
      <fieldset aria-describedby={errors.zones ? `${prefix}-zones-error` : undefined}>
        <legend className="text-sm font-medium">Zones desservies</legend>
        <div className="mt-2 flex flex-wrap gap-x-5 gap-y-2">
          {SHIPPING_ZONE_CODES.map((zone) => (
            <label key={zone} className="inline-flex min-h-11 items-center gap-2 text-sm">
              <input
                type="checkbox"
                name="zones"
                value={zone}
                defaultChecked={initial.zones.includes(zone)}
                onChange={() => touched("zones")}
                className="h-5 w-5"
              />
              {SHIPPING_ZONES[zone].label}
            </label>
          ))}
        </div>
        {errors.zones && (
          <p id={`${prefix}-zones-error`} className="mt-1 text-sm font-medium text-danger">
            {errors.zones}
          </p>
        )}
      </fieldset>
      <label className="inline-flex min-h-11 items-center gap-2 text-sm font-medium">
        <input type="checkbox" name="active" defaultChecked={initial.active} onChange={() => touched("active")} className="h-5 w-5" />
        Proposé aux clients
      </label>
      <SettingsSubmitRow busy={busy} saved={saved} />
    </fetcher.Form>
  );
}

/** Paramètres: the delivery methods offered at checkout, their prices, thresholds, delays and zones. */
export function AdminSettingsView({
  methods,
  answer,
  editable = true,
}: {
  methods: DeliveryMethod[];
  answer?: ActionResult<SavedDeliveryMethod>;
  /** False for a role that reads the settings without changing them: the forms are disabled. */
  editable?: boolean;
}) {
  return (
    <div className="space-y-6">
      <div>
        <h1 className="font-display text-3xl">Paramètres</h1>
        <p className="mt-1 text-muted">
          Modes de livraison : ces montants s'appliquent au panier et à la commande dès leur enregistrement. Outre-mer et pays voisins
          gardent les tarifs publiés de la livraison standard.
        </p>
      </div>
      <SettingsAccess editable={editable}>
        <SettingsSection id="settings-delivery" title="Modes de livraison">
          {methods.map((method) => (
            <DeliveryMethodForm key={method.code} method={method} answer={answer} />
          ))}
        </SettingsSection>
      </SettingsAccess>
    </div>
  );
}
