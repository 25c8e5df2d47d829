import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { FieldShell, errorIdOf } from "~/components/ui/field";
import { inputClass } from "~/components/ui/form-parts";
import { PasswordChecklist } from "~/components/ui/password-checklist";
import { failureFieldErrors, type ActionFailure } from "~/domain/http/action-result";
import type { InvitationPreview } from "~/domain/staff/team-forms";
import { formatLongDateTime } from "~/lib/paris-time";

/** /admin/invitation's frame: outside the back-office, the brand and one card. */
function InvitationFrame({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <main className="mx-auto max-w-lg px-4 py-12 sm:py-16">
      <p className="font-display text-xl tracking-wide text-accent">Aurore</p>
      <h1 className="mt-2 font-display text-3xl">{title}</h1>
      <div className="mt-6 space-y-4">{children}</div>
    </main>
  );
}

/** A link that no longer works (unknown, used, withdrawn or expired), in French with the way forward. */
export function InvitationRefused({ message }: { message: string }) {
  return (
    <InvitationFrame title="Invitation">
      <p role="alert" className="rounded-xl border border-red-300 bg-red-50 p-4 text-red-900">
        {message}
      </p>
      <Link to="/admin/connexion" className="inline-flex min-h-11 items-center underline">
        Se connecter à l&apos;administration
      </Link>
    </InvitationFrame>
  );
}

const fieldValue = (refusal: ActionFailure | null, name: string) => {
  const value = refusal?.values?.[name];
  return typeof value === "string" ? value : "";
};

/**
 * The invitee's form: who they are and their password (the shop's rules ticked live). Once sent,
 * the account exists and the next page has them switch on two-factor before anything else.
 */
export function InvitationForm({
  token,
  invitation,
  refusal,
}: {
  token: string;
  invitation: InvitationPreview;
  refusal: ActionFailure | null;
}) {
  const busy = useNavigation().state !== "idle";
  const [password, setPassword] = useState("");
  const errors = refusal ? failureFieldErrors(refusal) : {};
  const general = refusal && Object.keys(errors).length === 0 ? refusal.message : null;
  return (
    <InvitationFrame title="Rejoindre l'équipe">
      <p>
        Vous êtes invité(e) à rejoindre l&apos;équipe de la boutique avec le rôle <strong>« {invitation.roleName} »</strong>. Ce lien est
        valable jusqu&apos;au {formatLongDateTime(invitation.expiresAt)}.
      </p>
      {general ? (
        <p role="alert" className="rounded-xl border border-red-300 bg-red-50 p-4 text-red-900">
          {general}
        </p>
      ) : null}
      <Form method="post" noValidate className="space-y-4">
        <input type="hidden" name="token" value={token} />
        <FieldShell id="invitation-email" label="Adresse e-mail">
          <input
            id="invitation-email"
            name="email"
            type="email"
            value={invitation.email}
            readOnly
            autoComplete="username"
            className={`${inputClass} bg-band`}
          />
        </FieldShell>
        <div className="grid gap-4 sm:grid-cols-2">
          <FieldShell id="invitation-first-name" label="Prénom" required error={errors.firstName}>
            <input
              id="invitation-first-name"
              name="firstName"
              autoComplete="given-name"
              required
              maxLength={60}
              defaultValue={fieldValue(refusal, "firstName")}
              aria-invalid={errors.firstName ? true : undefined}
              aria-describedby={errorIdOf("invitation-first-name", errors.firstName)}
              className={inputClass}
            />
          </FieldShell>
          <FieldShell id="invitation-last-name" label="Nom" required error={errors.lastName}>
            <input
              id="invitation-last-name"
              name="lastName"
              autoComplete="family-name"
              required
              maxLength={60}
              defaultValue={fieldValue(refusal, "lastName")}
              aria-invalid={errors.lastName ? true : undefined}
              aria-describedby={errorIdOf("invitation-last-name", errors.lastName)}
              className={inputClass}
            />
          </FieldShell>
        </div>
        <FieldShell id="invitation-password" label="Mot de passe" required error={errors.password}>
          <input
            id="invitation-password"
            name="password"
            type="password"
            autoComplete="new-password"
            required
            maxLength={128}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            aria-invalid={errors.password ? true : undefined}
            aria-describedby={["invitation-password-rules", errorIdOf("invitation-password", errors.password)].filter(Boolean).join(" ")}
            className={inputClass}
          />
        </FieldShell>
        <PasswordChecklist id="invitation-password-rules" password={password} />
        <FieldShell id="invitation-password-confirmation" label="Confirmation du mot de passe" required error={errors.passwordConfirmation}>
          <input
            id="invitation-password-confirmation"
            name="passwordConfirmation"
            type="password"
            autoComplete="new-password"
            required
            maxLength={128}
            aria-invalid={errors.passwordConfirmation ? true : undefined}
            aria-describedby={errorIdOf("invitation-password-confirmation", errors.passwordConfirmation)}
            className={inputClass}
          />
        </FieldShell>
        <p className="text-sm text-muted">
          Étape suivante : la double authentification, obligatoire pour l&apos;équipe. Gardez à portée de main une application
          d&apos;authentification (Google Authenticator, Microsoft Authenticator, 1Password…).
        </p>
        <Button type="submit" variant="ink" disabled={busy} className="w-full sm:w-auto">
          {busy ? "Création du compte…" : "Créer mon compte"}
        </Button>
      </Form>
    </InvitationFrame>
  );
}
