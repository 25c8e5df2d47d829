import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { FieldShell } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import {
  ShippingSettingsFormSchema,
  centsToEurosInput,
  type ShippingSettingsAnswer,
  type ShippingSettingsField,
} from "~/domain/settings/shop-settings.schema";
import type { ShippingSettings } from "~/domain/checkout/shipping.rules";

type Errors = Partial<Record<ShippingSettingsField, string>>;

const FIELDS: { name: ShippingSettingsField; label: string; help: string }[] = [
  {
    name: "shipping_fee",
    label: "Frais de livraison (€)",
    help: "France métropolitaine et Corse, de 0 à 100 €.",
  },
  {
    name: "free_shipping_threshold",
    label: "Livraison offerte à partir de (€)",
    help: "Montant d'articles à partir duquel la livraison est offerte, de 0 à 10 000 €.",
  },
];

/** The browser checks with the action's schema; a refused value stays in its field. */
function errorsOf(form: HTMLFormElement): Errors {
  const parsed = ShippingSettingsFormSchema.safeParse(Object.fromEntries(new FormData(form)));
  const errors: Errors = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) errors[issue.path[0] as ShippingSettingsField] ??= issue.message;
  }
  return errors;
}

/** Paramètres: the mainland delivery fee and the free-delivery threshold the whole shop uses. */
export function AdminSettingsView({ settings, answer }: { settings: ShippingSettings; answer?: ShippingSettingsAnswer }) {
  const fetcher = useFetcher<ShippingSettingsAnswer>();
  // `answer`: the action's reply to a post made without JavaScript (the page is rendered again).
  const [errors, setErrors] = useState<Errors>(answer && !answer.ok ? answer.errors : {});
  const [saved, setSaved] = useState<string | null>(answer?.ok ? answer.message : null);
  const handled = useRef<ShippingSettingsAnswer | null>(null);

  useEffect(() => {
    const answer = fetcher.data;
    if (fetcher.state !== "idle" || !answer || handled.current === answer) return;
    handled.current = answer;
    if (answer.ok) {
      setErrors({});
      setSaved(answer.message);
    } else {
      setErrors(answer.errors);
      setSaved(null);
    }
  }, [fetcher.state, fetcher.data]);

  const busy = fetcher.state !== "idle";
  return (
    <div className="space-y-6">
      <div>
        <h1 className="font-display text-3xl">Paramètres</h1>
        <p className="mt-1 text-muted">Livraison : ces montants s'appliquent au panier et à la commande dès leur enregistrement.</p>
      </div>
      <fetcher.Form
        method="post"
        noValidate
        aria-label="Livraison"
        className="max-w-xl space-y-5 rounded-2xl border border-line bg-white p-6"
        onSubmit={(event) => {
          const found = errorsOf(event.currentTarget);
          if (Object.keys(found).length > 0) {
            event.preventDefault();
            setErrors(found);
            setSaved(null);
            const name = FIELDS.find((f) => found[f.name])?.name;
            if (name) (event.currentTarget.elements.namedItem(name) as HTMLInputElement | null)?.focus();
          }
        }}
      >
        <h2 className="font-display text-xl">Livraison</h2>
        {FIELDS.map((field) => {
          const id = `settings-${field.name}`;
          const error = errors[field.name];
          const value = settings[field.name === "shipping_fee" ? "feeCents" : "freeThresholdCents"];
          return (
            <FieldShell key={field.name} id={id} label={field.label} error={error}>
              <Input
                id={id}
                name={field.name}
                inputMode="decimal"
                autoComplete="off"
                defaultValue={answer && !answer.ok ? answer.values[field.name] : centsToEurosInput(value)}
                aria-invalid={error ? true : undefined}
                aria-describedby={`${id}-help${error ? ` ${id}-error` : ""}`}
                onChange={() => {
                  setSaved(null);
                  if (error) setErrors((e) => ({ ...e, [field.name]: undefined }));
                }}
                className="mt-1 w-full max-w-xs"
              />
              <p id={`${id}-help`} className="mt-1 text-sm text-muted">
                {field.help}
              </p>
            </FieldShell>
          );
        })}
        <div className="flex flex-wrap items-center gap-4">
          <Button type="submit" variant="ink" disabled={busy}>
            {busy ? "Enregistrement..." : "Enregistrer"}
          </Button>
          <p role="status" className="text-sm font-semibold text-green-800">
            {saved}
          </p>
        </div>
      </fetcher.Form>
    </div>
  );
}
