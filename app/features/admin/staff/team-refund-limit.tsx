import { Button } from "~/components/ui/button";
import { FieldShell, errorIdOf } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { formatPrice } from "~/lib/money";
import { RefundLimitSchema, fieldErrorsOf } from "~/domain/staff/team-forms";
import { TeamError, useTeamFetcher } from "./team-answer";

/** The refund limit of roles that refund within one; above it a refund asks an administrator. */
export function TeamRefundLimit({ refundLimit, refundLimitCents }: { refundLimit: string; refundLimitCents: number }) {
  const save = useTeamFetcher();
  const error = save.fieldErrors.refundLimit;

  function check(event: React.FormEvent<HTMLFormElement>) {
    const parsed = RefundLimitSchema.safeParse({ refundLimit: String(new FormData(event.currentTarget).get("refundLimit") ?? "") });
    if (parsed.success) return;
    event.preventDefault();
    save.showErrors(fieldErrorsOf(parsed.error) as Record<string, string>);
  }

  return (
    <section aria-labelledby="team-refund-limit" className="space-y-3">
      <h2 id="team-refund-limit" className="font-display text-2xl">
        Limite de remboursement
      </h2>
      <save.fetcher.Form
        method="post"
        noValidate
        onSubmit={check}
        className="grid gap-3 rounded-2xl border border-line p-4 sm:grid-cols-[minmax(0,28rem)_auto] sm:items-start"
      >
        <input type="hidden" name="intent" value="refund-limit" />
        <FieldShell
          id="refund-limit"
          label="Limite par remboursement (€)"
          required
          error={error}
          hint={`Un rôle qui rembourse « jusqu'à la limite » (Service client) ne peut pas dépasser ce montant ; au-delà, un administrateur rembourse. Actuellement : ${formatPrice(refundLimitCents)}.`}
        >
          <Input
            id="refund-limit"
            name="refundLimit"
            inputMode="decimal"
            defaultValue={refundLimit}
            required
            aria-invalid={error ? true : undefined}
            aria-describedby={["refund-limit-hint", errorIdOf("refund-limit", error)].filter(Boolean).join(" ")}
            className="mt-1 w-full"
          />
        </FieldShell>
        <Button type="submit" variant="ink" disabled={save.busy} className="sm:mt-6 sm:justify-self-start">
          {save.busy ? "Enregistrement…" : "Enregistrer la limite"}
        </Button>
        <div className="sm:col-span-2">
          <TeamError message={save.error} />
        </div>
      </save.fetcher.Form>
    </section>
  );
}
