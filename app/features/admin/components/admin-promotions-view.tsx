import { useId, useState } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { DataTable, Th } from "~/components/ui/data-table";
import { EmptyState } from "~/components/ui/empty-state";
import { Input, Select } from "~/components/ui/input";
import { Modal } from "~/components/ui/modal";
import { showToast } from "~/components/ui/toast";
import { useActionResult, useToastedAction } from "~/components/ui/use-fetcher-answer";
import { failureFieldErrors, type ActionResult } from "~/domain/http/action-result";
import { centsAsInputText, formatPrice } from "~/lib/money";
import { formatDate, parisDay } from "~/lib/paris-time";
import {
  PROMO_CODE_MAX,
  PROMO_DESCRIPTION_MAX,
  PromoCodeFormSchema,
  lastValidDay,
  promoFormErrors,
  promoValueLabel,
  type AdminPromoCodeRow,
  type PromoFormField,
} from "~/domain/promotions/promotions.schema";
import { plural } from "~/lib/plural";
import { ReadOnlyNotice } from "./read-only-notice";

/** A form control under its label, the width of its grid cell. */
const fieldControl = "mt-1 block w-full";

type CategoryOption = { id: string; name: string };

function validity(row: AdminPromoCodeRow): string {
  if (!row.starts_at && !row.ends_at) return "Sans limite de date";
  const from = row.starts_at ? `du ${formatDate(row.starts_at)}` : "";
  const to = row.ends_at ? `au ${formatDate(lastValidDay(row.ends_at) + "T12:00:00Z")}` : "";
  return [from, to].filter(Boolean).join(" ");
}

function statusOf(row: AdminPromoCodeRow, now = new Date()): string {
  if (!row.active) return "Désactivé";
  if (row.ends_at && new Date(row.ends_at) <= now) return "Expiré";
  if (row.starts_at && new Date(row.starts_at) > now) return "Programmé";
  if (row.usage_limit !== null && row.used_count >= row.usage_limit) return "Épuisé";
  return "Actif";
}

/** What the member's role may do here (decision 066): create, edit, disable and enable a code. */
export type PromotionsPageAccess = { write: boolean };
const EVERYTHING: PromotionsPageAccess = { write: true };

/** What the notice names for a role that reads the promo codes only. */
export const PROMOTIONS_READ_ONLY = "modifier les codes promo";

export function AdminPromotionsView({
  codes,
  categories,
  may = EVERYTHING,
}: {
  codes: AdminPromoCodeRow[];
  categories: CategoryOption[];
  may?: PromotionsPageAccess;
}) {
  const [editing, setEditing] = useState<AdminPromoCodeRow | "new" | null>(null);
  const categoryName = new Map(categories.map((c) => [c.id, c.name]));

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-display text-3xl">Codes promo</h1>
          <p className="mt-1 text-muted" aria-live="polite">
            {plural(codes.length, "code", "codes")}
          </p>
        </div>
        {may.write && (
          <Button variant="ink" onClick={() => setEditing("new")}>
            Nouveau code promo
          </Button>
        )}
      </div>
      {may.write ? null : <ReadOnlyNotice what={PROMOTIONS_READ_ONLY} />}

      {codes.length === 0 ? (
        <EmptyState>Aucun code promo</EmptyState>
      ) : (
        <DataTable
          label="Liste des codes promo"
          head={
            <>
              <Th>Code</Th>
              <Th>Réduction</Th>
              <Th>Conditions</Th>
              <Th>Validité</Th>
              <Th>Utilisations</Th>
              <Th>Statut</Th>
              {may.write && <Th>Actions</Th>}
            </>
          }
        >
          {codes.map((c) => (
            <tr key={c.id}>
              <th scope="row" className="px-4 py-3 align-top">
                <span className="font-mono font-semibold">{c.code}</span>
                {c.description ? <span className="block font-normal text-muted">{c.description}</span> : null}
              </th>
              <td className="px-4 py-3 align-top font-semibold">{promoValueLabel(c)}</td>
              <td className="px-4 py-3 align-top">
                <ul className="space-y-0.5">
                  <li>{c.min_order_cents > 0 ? `Dès ${formatPrice(c.min_order_cents)} d'achats` : "Sans minimum"}</li>
                  <li>
                    {c.category_ids.length > 0
                      ? `Catégories : ${c.category_ids.map((id) => categoryName.get(id) ?? "?").join(", ")}`
                      : "Tous les produits"}
                  </li>
                  {c.customer_email ? <li className="break-all">{`Réservé à ${c.customer_email}`}</li> : null}
                </ul>
              </td>
              <td className="px-4 py-3 align-top">{validity(c)}</td>
              <td className="px-4 py-3 align-top">
                {c.usage_limit !== null ? `${c.used_count} / ${c.usage_limit}` : `${c.used_count}`}
                {c.per_customer_limit !== null ? <span className="block text-muted">{`${c.per_customer_limit} par client`}</span> : null}
              </td>
              <td className="px-4 py-3 align-top">{statusOf(c)}</td>
              {may.write && (
                <td className="px-4 py-3 align-top">
                  <div className="flex flex-wrap gap-2">
                    <Button size="sm" onClick={() => setEditing(c)} aria-label={`Modifier ${c.code}`}>
                      Modifier
                    </Button>
                    <ToggleButton row={c} />
                  </div>
                </td>
              )}
            </tr>
          ))}
        </DataTable>
      )}

      {may.write && editing ? (
        <PromoFormModal row={editing === "new" ? null : editing} categories={categories} onClose={() => setEditing(null)} />
      ) : null}
    </div>
  );
}

function ToggleButton({ row }: { row: AdminPromoCodeRow }) {
  const fetcher = useFetcher<ActionResult>();
  useToastedAction(fetcher);
  const intent = row.active ? "disable" : "enable";
  const label = row.active ? "Désactiver" : "Réactiver";
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={row.id} />
      <Button type="submit" size="sm" disabled={fetcher.state !== "idle"} aria-label={`${label} ${row.code}`}>
        {label}
      </Button>
    </fetcher.Form>
  );
}

function PromoFormModal({
  row,
  categories,
  onClose,
}: {
  row: AdminPromoCodeRow | null;
  categories: CategoryOption[];
  onClose: () => void;
}) {
  const fetcher = useFetcher<ActionResult>();
  const [errors, setErrors] = useState<Partial<Record<PromoFormField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [kind, setKind] = useState<"percentage" | "fixed">(row?.kind ?? "percentage");
  const id = useId();
  useActionResult(fetcher, {
    onSuccess: (result) => {
      if (result.message) showToast(result.message);
      onClose();
    },
    onFailure: (result) => {
      setErrors(failureFieldErrors(result));
      setFormError(result.message);
    },
  });

  const field = (name: PromoFormField) => ({
    id: `${id}-${name}`,
    name,
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `${id}-${name}-error` : undefined,
    onChange: () => {
      setErrors((e) => ({ ...e, [name]: undefined }));
      setFormError(null);
    },
  });
  const message = (name: PromoFormField) =>
    errors[name] ? (
      <span id={`${id}-${name}-error`} className="mt-1 block text-sm font-medium text-red-800">
        {errors[name]}
      </span>
    ) : null;
  const labelClass = "block text-sm font-semibold";

  return (
    <Modal title={row ? `Modifier le code ${row.code}` : "Nouveau code promo"} onClose={onClose}>
      <fetcher.Form
        method="post"
        noValidate
        className="space-y-4"
        onSubmit={(event) => {
          const form = new FormData(event.currentTarget);
          const parsed = PromoCodeFormSchema.safeParse({ ...Object.fromEntries(form), category_ids: form.getAll("category_ids") });
          if (!parsed.success) {
            event.preventDefault();
            const next = promoFormErrors(parsed.error);
            setErrors(next);
            setFormError(Object.values(next)[0] ?? null);
          }
        }}
      >
        <input type="hidden" name="intent" value={row ? "update" : "create"} />
        {row ? <input type="hidden" name="id" value={row.id} /> : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <label className={labelClass}>
            Code
            <Input
              {...field("code")}
              defaultValue={row?.code ?? ""}
              maxLength={PROMO_CODE_MAX + 10}
              data-autofocus
              className={`${fieldControl} uppercase`}
            />
            {message("code")}
          </label>
          <label className={labelClass}>
            Description (facultative)
            <Input
              {...field("description")}
              defaultValue={row?.description ?? ""}
              maxLength={PROMO_DESCRIPTION_MAX}
              className={fieldControl}
            />
            {message("description")}
          </label>
          <label className={labelClass}>
            Type de réduction
            <Select
              {...field("kind")}
              value={kind}
              onChange={(e) => setKind(e.target.value === "fixed" ? "fixed" : "percentage")}
              className={fieldControl}
            >
              <option value="percentage">Pourcentage</option>
              <option value="fixed">Montant fixe</option>
            </Select>
          </label>
          <label className={labelClass}>
            {kind === "percentage" ? "Réduction (%)" : "Réduction (€)"}
            <Input
              {...field("value")}
              key={kind}
              inputMode={kind === "percentage" ? "numeric" : "decimal"}
              defaultValue={
                row && row.kind === kind
                  ? kind === "percentage"
                    ? String(row.percent_off)
                    : centsAsInputText(row.amount_off_cents ?? 0)
                  : ""
              }
              className={fieldControl}
            />
            {message("value")}
          </label>
          <label className={labelClass}>
            Minimum de commande (€)
            <Input
              {...field("min_order")}
              inputMode="decimal"
              defaultValue={row && row.min_order_cents > 0 ? centsAsInputText(row.min_order_cents) : ""}
              className={fieldControl}
            />
            {message("min_order")}
          </label>
          <label className={labelClass}>
            Réservé au client (e-mail, facultatif)
            <Input {...field("customer_email")} type="email" defaultValue={row?.customer_email ?? ""} className={fieldControl} />
            {message("customer_email")}
          </label>
          <label className={labelClass}>
            Date de début
            <Input
              {...field("starts_on")}
              type="date"
              defaultValue={row?.starts_at ? parisDay(row.starts_at) : ""}
              className={fieldControl}
            />
            {message("starts_on")}
          </label>
          <label className={labelClass}>
            Date de fin (incluse)
            <Input
              {...field("ends_on")}
              type="date"
              defaultValue={row?.ends_at ? lastValidDay(row.ends_at) : ""}
              className={fieldControl}
            />
            {message("ends_on")}
          </label>
          <label className={labelClass}>
            Limite totale d'utilisations
            <Input
              {...field("usage_limit")}
              inputMode="numeric"
              defaultValue={row?.usage_limit ?? ""}
              placeholder="Illimitée"
              className={fieldControl}
            />
            {message("usage_limit")}
          </label>
          <label className={labelClass}>
            Limite par client
            <Input
              {...field("per_customer_limit")}
              inputMode="numeric"
              defaultValue={row?.per_customer_limit ?? ""}
              placeholder="Illimitée"
              className={fieldControl}
            />
            {message("per_customer_limit")}
          </label>
        </div>
        <fieldset>
          <legend className="text-sm font-semibold">Catégories concernées (aucune cochée : tous les produits)</legend>
          <div className="mt-2 grid gap-2 sm:grid-cols-2">
            {categories.map((c) => (
              <label key={c.id} className="flex min-h-11 items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  name="category_ids"
                  value={c.id}
                  defaultChecked={row?.category_ids.includes(c.id)}
                  className="h-5 w-5"
                />
                {c.name}
              </label>
            ))}
          </div>
          {message("category_ids")}
        </fieldset>
        {formError ? (
          <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-red-900">
            {formError}
          </p>
        ) : null}
        <div className="flex flex-wrap justify-end gap-3">
          <Button onClick={onClose}>Annuler</Button>
          <Button type="submit" variant="ink" disabled={fetcher.state !== "idle"}>
            {fetcher.state !== "idle" ? "Enregistrement..." : row ? "Enregistrer" : "Créer le code"}
          </Button>
        </div>
      </fetcher.Form>
    </Modal>
  );
}
