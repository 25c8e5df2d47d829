import { useFetcher } from "react-router";
import { FieldShell } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import {
  GIFT_WRAP_PRICE_MAX_CENTS,
  GiftWrapSettingsFormSchema,
  giftWrapSettingsFormValues,
  type GiftWrapSettings,
} from "~/domain/checkout/gift-options";
import type { ActionResult } from "~/domain/http/action-result";
import { centsAsInputText } from "~/lib/money";
import { SettingsSection, SettingsSubmitRow, useSettingsForm } from "./settings-form";

type Field = "offered" | "price" | "vip_free";

function errorsOf(form: HTMLFormElement): Partial<Record<Field, string>> {
  const parsed = GiftWrapSettingsFormSchema.safeParse(giftWrapSettingsFormValues(new FormData(form)));
  const errors: Partial<Record<Field, string>> = {};
  if (!parsed.success) for (const issue of parsed.error.issues) errors[issue.path[0] as Field] ??= issue.message;
  return errors;
}

/**
 * Paramètres, "Emballage cadeau" (docs/decisions/068-gift-wrap.md): whether the checkout offers
 * it, its price (VAT included, 0 to 50 €) and whether the Beauty VIP tier gets it free.
 */
export function GiftWrapSettingsSection({ settings }: { settings: GiftWrapSettings }) {
  const fetcher = useFetcher<ActionResult>();
  const { errors, saved, touched, checkOnSubmit } = useSettingsForm<Field>(fetcher, { fallbackField: "price" });
  const busy = fetcher.state !== "idle";
  const id = "gift-wrap-price";
  const error = errors.price;
  return (
    <SettingsSection
      id="settings-gift-wrap"
      title="Emballage cadeau"
      intro="Proposé au paiement avec un message cadeau imprimé sur le bon de livraison et un ticket cadeau sans prix. Son prix TTC s'ajoute au total comme les frais de livraison, avec la même TVA."
    >
      <fetcher.Form
        method="post"
        noValidate
        aria-label="Emballage cadeau"
        className="space-y-5 rounded-2xl border border-line bg-white p-6"
        onSubmit={checkOnSubmit(errorsOf)}
      >
        <input type="hidden" name="intent" value="gift-wrap" />
        <label className="flex min-h-11 items-start gap-3 py-1 text-sm">
          <input
            type="checkbox"
            name="offered"
            defaultChecked={settings.offered}
            onChange={() => touched("offered")}
            className="mt-0.5 h-5 w-5 shrink-0"
          />
          <span>Proposer l&apos;emballage cadeau au paiement</span>
        </label>
        <FieldShell id={id} label="Prix de l'emballage cadeau (€ TTC)" error={error}>
          <Input
            id={id}
            name="price"
            inputMode="decimal"
            autoComplete="off"
            defaultValue={centsAsInputText(settings.price_cents)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error ${id}-hint` : `${id}-hint`}
            onChange={() => touched("price")}
            className="mt-1 w-full max-w-40"
          />
        </FieldShell>
        <p id={`${id}-hint`} className="text-sm text-muted">
          De 0 à {GIFT_WRAP_PRICE_MAX_CENTS / 100} €, par exemple 4,90.
        </p>
        <label className="flex min-h-11 items-start gap-3 py-1 text-sm">
          <input
            type="checkbox"
            name="vip_free"
            defaultChecked={settings.vip_free}
            onChange={() => touched("vip_free")}
            className="mt-0.5 h-5 w-5 shrink-0"
          />
          <span>Offert aux membres Beauty VIP</span>
        </label>
        <SettingsSubmitRow busy={busy} label="Enregistrer l'emballage cadeau" saved={saved} />
      </fetcher.Form>
    </SettingsSection>
  );
}
