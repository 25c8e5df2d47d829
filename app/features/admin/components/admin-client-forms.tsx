import { useState, type FormEvent, type ReactNode } from "react";
import { useFetcher, useNavigate } from "react-router";
import type { z } from "zod";
import { Button } from "~/components/ui/button";
import { FieldShell, errorIdOf } from "~/components/ui/field";
import { Input, Select, controlClass } from "~/components/ui/input";
import { Modal } from "~/components/ui/modal";
import { showToast } from "~/components/ui/toast";
import { useActionResult } from "~/components/ui/use-fetcher-answer";
import { failureFieldErrors, type ActionResult } from "~/domain/http/action-result";
import {
  CLIENT_BIO_MAX,
  CLIENT_GENDERS,
  CLIENT_GENDER_LABELS,
  CLIENT_MAIL_BODY_MAX,
  CLIENT_MAIL_SUBJECT_MAX,
  CLIENT_POINTS_REASON_MAX,
  ClientMailSchema,
  ClientPointsAdjustmentSchema,
  ClientProfileUpdateSchema,
  NewClientSchema,
  fieldErrorsOf,
  type AdminClientProfile,
  type ClientCreated,
} from "~/domain/customers/admin-client-profile.schema";
import { AdminGiftCardSchema } from "~/domain/gift-cards/admin-gift-card.schema";
import { formatPrice } from "~/lib/money";
import { ADMIN_GIFT_CARD_MIN_CENTS, ADMIN_GIFT_CARD_REASON_MAX, GIFT_CARD_MAX_CENTS, GIFT_CARD_MESSAGE_MAX } from "~/lib/shop-rules";

/**
 * The forms of the client actions (Modifier, Beauty Pass, Envoyer email, Nouveau Client). Each
 * checks its zod schema before sending (messages under the fields) and the action checks it
 * again; the server's refusal comes back with the same per-field messages.
 */

/** A control under its label, the width of the form. */
const fieldControl = "mt-1 w-full";

/** One fetcher form: browser-side check, server answer, toast and close on success. */
function useClientForm(
  schema: z.ZodType,
  onDone: (created: ClientCreated | null) => void,
  extra?: (form: FormData) => Record<string, unknown>,
) {
  const fetcher = useFetcher<ActionResult<ClientCreated | null>>();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  useActionResult(fetcher, {
    onSuccess: (result) => {
      if (result.message) showToast(result.message);
      onDone(result.data);
    },
    onFailure: (result) => {
      const fields = failureFieldErrors(result);
      setErrors(fields);
      setFormError(Object.keys(fields).length > 0 ? null : result.message);
    },
  });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const form = new FormData(event.currentTarget);
    const values = { ...Object.fromEntries(form), ...(extra?.(form) ?? {}) };
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      event.preventDefault();
      setErrors(fieldErrorsOf(parsed.error));
      setFormError(null);
      return;
    }
    setErrors({});
    setFormError(null);
  };
  const clear = (name: string) => setErrors((e) => (e[name] ? { ...e, [name]: "" } : e));
  return { fetcher, errors, formError, onSubmit, clear, busy: fetcher.state !== "idle" };
}

function TextField({
  id,
  name,
  label,
  error,
  required,
  onEdit,
  ...input
}: {
  id: string;
  name: string;
  label: string;
  error?: string;
  required?: boolean;
  onEdit: (name: string) => void;
  type?: string;
  defaultValue?: string;
  maxLength?: number;
  autoComplete?: string;
  inputMode?: "numeric" | "tel" | "email" | "text";
  autoFocus?: boolean;
}) {
  const { autoFocus, ...rest } = input;
  return (
    <FieldShell id={id} label={label} required={required} error={error || undefined}>
      <Input
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={errorIdOf(id, error || undefined)}
        onChange={() => onEdit(name)}
        className={fieldControl}
        data-autofocus={autoFocus ? true : undefined}
        {...rest}
      />
    </FieldShell>
  );
}

function FormAlert({ message }: { message: string | null }) {
  return message ? (
    <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-red-900">
      {message}
    </p>
  ) : null;
}

function Buttons({ busy, label, busyLabel, onClose }: { busy: boolean; label: string; busyLabel: string; onClose: () => void }) {
  return (
    <div className="flex flex-wrap justify-end gap-3 pt-2">
      <Button onClick={onClose}>Annuler</Button>
      <Button type="submit" variant="ink" disabled={busy}>
        {busy ? busyLabel : label}
      </Button>
    </div>
  );
}

/** Modifier: the profile's editable fields. */
export function EditClientModal({ client, onClose }: { client: AdminClientProfile; onClose: () => void }) {
  const f = useClientForm(ClientProfileUpdateSchema, onClose);
  return (
    <Modal title="Modifier le client" onClose={onClose}>
      <f.fetcher.Form method="post" noValidate onSubmit={f.onSubmit} className="mt-4 space-y-4">
        <input type="hidden" name="intent" value="update-profile" />
        <FormAlert message={f.formError} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            id="client-first-name"
            name="firstName"
            label="Prénom"
            required
            defaultValue={client.first_name}
            error={f.errors.firstName}
            onEdit={f.clear}
            autoComplete="off"
            autoFocus
          />
          <TextField
            id="client-last-name"
            name="lastName"
            label="Nom"
            defaultValue={client.last_name ?? ""}
            error={f.errors.lastName}
            onEdit={f.clear}
            autoComplete="off"
          />
          <TextField
            id="client-phone"
            name="phone"
            label="Téléphone"
            type="tel"
            inputMode="tel"
            defaultValue={client.phone ?? ""}
            error={f.errors.phone}
            onEdit={f.clear}
            autoComplete="off"
          />
          <TextField
            id="client-birth-date"
            name="dateOfBirth"
            label="Date de naissance"
            type="date"
            defaultValue={client.date_of_birth ?? ""}
            error={f.errors.dateOfBirth}
            onEdit={f.clear}
          />
        </div>
        <FieldShell id="client-gender" label="Genre" error={f.errors.gender || undefined}>
          <Select
            id="client-gender"
            name="gender"
            defaultValue={client.gender ?? ""}
            className={fieldControl}
            onChange={() => f.clear("gender")}
          >
            <option value="">Non renseigné</option>
            {CLIENT_GENDERS.map((g) => (
              <option key={g} value={g}>
                {CLIENT_GENDER_LABELS[g]}
              </option>
            ))}
          </Select>
        </FieldShell>
        <TextField
          id="client-picture"
          name="profilePictureUrl"
          label="Photo de profil (URL)"
          type="url"
          defaultValue={client.profile_picture_url ?? ""}
          error={f.errors.profilePictureUrl}
          onEdit={f.clear}
        />
        <FieldShell id="client-bio" label="Bio" error={f.errors.bio || undefined}>
          <textarea
            id="client-bio"
            name="bio"
            rows={3}
            maxLength={CLIENT_BIO_MAX}
            defaultValue={client.bio ?? ""}
            aria-describedby={errorIdOf("client-bio", f.errors.bio || undefined)}
            onChange={() => f.clear("bio")}
            className={`${controlClass} ${fieldControl} py-2`}
          />
        </FieldShell>
        <Buttons busy={f.busy} label="Enregistrer" busyLabel="Sauvegarde..." onClose={onClose} />
      </f.fetcher.Form>
    </Modal>
  );
}

/** Beauty Pass: add (positive) or remove (negative) points, with the reason the client reads. */
export function AdjustPointsModal({ client, onClose }: { client: AdminClientProfile; onClose: () => void }) {
  const f = useClientForm(ClientPointsAdjustmentSchema, onClose);
  return (
    <Modal title="Ajuster les points Beauty Pass" onClose={onClose}>
      <p className="mt-2 text-sm text-muted">
        Solde actuel : {client.loyalty_points.toLocaleString("fr-FR")} points. Saisissez un nombre positif pour ajouter, négatif pour
        retirer ; le solde ne peut pas devenir négatif.
      </p>
      <f.fetcher.Form method="post" noValidate onSubmit={f.onSubmit} className="mt-4 space-y-4">
        <input type="hidden" name="intent" value="adjust-points" />
        <FormAlert message={f.formError} />
        <TextField
          id="points-delta"
          name="points"
          label="Points (+ ou -)"
          required
          inputMode="numeric"
          error={f.errors.points}
          onEdit={f.clear}
          autoFocus
        />
        <TextField
          id="points-reason"
          name="reason"
          label="Motif"
          required
          maxLength={CLIENT_POINTS_REASON_MAX}
          error={f.errors.reason}
          onEdit={f.clear}
        />
        <Buttons busy={f.busy} label="Ajuster" busyLabel="Sauvegarde..." onClose={onClose} />
      </f.fetcher.Form>
    </Modal>
  );
}

/** Envoyer email, to one client or to the selection; posts to the list's action. */
export function ClientMailModal({
  clientIds,
  recipients,
  onClose,
  onSent,
}: {
  clientIds: string[];
  recipients: ReactNode;
  onClose: () => void;
  onSent?: () => void;
}) {
  const f = useClientForm(
    ClientMailSchema,
    () => {
      onSent?.();
      onClose();
    },
    () => ({ clientIds }),
  );
  const [length, setLength] = useState(0);
  return (
    <Modal title="Envoyer un email" onClose={onClose}>
      <p className="mt-2 text-sm text-muted">
        {clientIds.length < 2 ? "Destinataire" : "Destinataires"} : {recipients}
      </p>
      <f.fetcher.Form method="post" action="/admin/clients" noValidate onSubmit={f.onSubmit} className="mt-4 space-y-4">
        <input type="hidden" name="intent" value="send-mail" />
        {clientIds.map((id) => (
          <input key={id} type="hidden" name="clientId" value={id} />
        ))}
        <FormAlert message={f.formError || f.errors.clientIds || null} />
        <TextField
          id="mail-subject"
          name="subject"
          label="Objet"
          required
          maxLength={CLIENT_MAIL_SUBJECT_MAX}
          error={f.errors.subject}
          onEdit={f.clear}
          autoFocus
        />
        <FieldShell id="mail-body" label="Message" required error={f.errors.body || undefined}>
          <textarea
            id="mail-body"
            name="body"
            rows={8}
            maxLength={CLIENT_MAIL_BODY_MAX}
            aria-invalid={f.errors.body ? true : undefined}
            aria-describedby={errorIdOf("mail-body", f.errors.body || undefined)}
            onChange={(event) => {
              f.clear("body");
              setLength(event.currentTarget.value.length);
            }}
            className={`${controlClass} ${fieldControl} py-2`}
          />
        </FieldShell>
        <p className="text-right text-xs text-muted" aria-live="polite">
          {length}/{CLIENT_MAIL_BODY_MAX}
        </p>
        <Buttons busy={f.busy} label="Envoyer" busyLabel="Envoi..." onClose={onClose} />
      </f.fetcher.Form>
    </Modal>
  );
}

/** Nouveau Client: the account is created and the client invited to choose a password. */
export function NewClientModal({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const f = useClientForm(NewClientSchema, (created) => {
    onClose();
    if (created) navigate(`/admin/clients/${created.clientId}`);
  });
  return (
    <Modal title="Nouveau client" onClose={onClose}>
      <p className="mt-2 text-sm text-muted">Le client reçoit un e-mail pour définir son mot de passe.</p>
      <f.fetcher.Form method="post" action="/admin/clients" noValidate onSubmit={f.onSubmit} className="mt-4 space-y-4">
        <input type="hidden" name="intent" value="create" />
        <FormAlert message={f.formError} />
        <TextField
          id="new-client-email"
          name="email"
          label="Email"
          type="email"
          inputMode="email"
          required
          error={f.errors.email}
          onEdit={f.clear}
          autoComplete="off"
          autoFocus
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            id="new-client-first-name"
            name="firstName"
            label="Prénom"
            required
            error={f.errors.firstName}
            onEdit={f.clear}
            autoComplete="off"
          />
          <TextField id="new-client-last-name" name="lastName" label="Nom" error={f.errors.lastName} onEdit={f.clear} autoComplete="off" />
        </div>
        <TextField
          id="new-client-phone"
          name="phone"
          label="Téléphone"
          type="tel"
          inputMode="tel"
          error={f.errors.phone}
          onEdit={f.clear}
          autoComplete="off"
        />
        <Buttons busy={f.busy} label="Créer" busyLabel="Création..." onClose={onClose} />
      </f.fetcher.Form>
    </Modal>
  );
}

/** Offrir une carte cadeau: a goodwill card sent to the client by e-mail, the reason kept in its ledger (decision 048). */
export function GiftCardModal({ client, onClose }: { client: AdminClientProfile; onClose: () => void }) {
  const f = useClientForm(AdminGiftCardSchema, onClose);
  return (
    <Modal title="Offrir une carte cadeau" onClose={onClose}>
      <p className="mt-2 text-sm text-muted">
        La carte est envoyée par e-mail à <span className="break-all">{client.email}</span>, sans commande ni paiement. Montant de{" "}
        {formatPrice(ADMIN_GIFT_CARD_MIN_CENTS)} à {formatPrice(GIFT_CARD_MAX_CENTS)}.
      </p>
      <f.fetcher.Form method="post" noValidate onSubmit={f.onSubmit} className="mt-4 space-y-4">
        <input type="hidden" name="intent" value="issue-gift-card" />
        <FormAlert message={f.formError} />
        <TextField
          id="gift-card-amount"
          name="amount"
          label="Montant (€)"
          required
          inputMode="text"
          error={f.errors.amount}
          onEdit={f.clear}
          autoFocus
        />
        <TextField
          id="gift-card-reason"
          name="reason"
          label="Motif"
          required
          maxLength={ADMIN_GIFT_CARD_REASON_MAX}
          error={f.errors.reason}
          onEdit={f.clear}
        />
        <FieldShell id="gift-card-message" label="Message au client" error={f.errors.message || undefined}>
          <textarea
            id="gift-card-message"
            name="message"
            rows={3}
            maxLength={GIFT_CARD_MESSAGE_MAX}
            aria-invalid={f.errors.message ? true : undefined}
            aria-describedby={errorIdOf("gift-card-message", f.errors.message || undefined)}
            onChange={() => f.clear("message")}
            className={`${controlClass} ${fieldControl} py-2`}
          />
        </FieldShell>
        <Buttons busy={f.busy} label="Offrir" busyLabel="Envoi..." onClose={onClose} />
      </f.fetcher.Form>
    </Modal>
  );
}
