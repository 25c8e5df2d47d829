import { useId, useState, type FormEvent } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { FieldShell, errorIdOf } from "~/components/ui/field";
import { Input, Select } from "~/components/ui/input";
import { Modal } from "~/components/ui/modal";
import { showToast } from "~/components/ui/toast";
import { useActionResult } from "~/components/ui/use-fetcher-answer";
import type { ActionResult } from "~/domain/http/action-result";
import type { OrderChanged } from "~/domain/orders/admin-orders.schema";
import { CARRIER_RULES, CARRIERS, ShipOrderSchema, type Carrier } from "~/domain/orders/shipping-tracking";

/**
 * 'Expédier': the carrier and the tracking number, checked in the browser with the schema the
 * server applies again; on success the list reloads with the order shipped and a toast says so.
 */
export function ShipOrderDialog({ orderId, number, onClose }: { orderId: string; number: string; onClose: () => void }) {
  const fetcher = useFetcher<ActionResult<OrderChanged>>();
  const baseId = useId();
  const [carrier, setCarrier] = useState<Carrier>("colissimo");
  const [tracking, setTracking] = useState("");
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const busy = fetcher.state !== "idle";

  useActionResult(fetcher, {
    onSuccess: (result) => {
      if (result.message) showToast(result.message);
      onClose();
    },
    onFailure: (result) => setErrors(result.fieldErrors ?? { tracking_number: result.message }),
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = ShipOrderSchema.safeParse({ carrier, tracking_number: tracking });
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
      setErrors(found);
      return;
    }
    fetcher.submit({ intent: "ship", orderId, carrier, tracking_number: tracking }, { method: "post" });
  }

  const carrierId = `${baseId}-carrier`;
  const trackingId = `${baseId}-tracking`;
  return (
    <Modal title={`Expédier la commande ${number}`} onClose={onClose}>
      <form noValidate onSubmit={submit} className="space-y-4">
        <FieldShell id={carrierId} label="Transporteur" required error={errors.carrier}>
          <Select
            id={carrierId}
            name="carrier"
            value={carrier}
            onChange={(event) => {
              setCarrier(event.target.value as Carrier);
              setErrors({});
            }}
            className="w-full"
          >
            {CARRIERS.map((c) => (
              <option key={c} value={c}>
                {CARRIER_RULES[c].label}
              </option>
            ))}
          </Select>
        </FieldShell>
        <FieldShell
          id={trackingId}
          label="Numéro de suivi"
          required
          hint={`Exemple : ${CARRIER_RULES[carrier].example}`}
          error={errors.tracking_number}
        >
          <Input
            id={trackingId}
            name="tracking_number"
            value={tracking}
            data-autofocus
            autoComplete="off"
            maxLength={60}
            aria-required
            aria-invalid={errors.tracking_number ? true : undefined}
            aria-describedby={[`${trackingId}-hint`, errorIdOf(trackingId, errors.tracking_number)].filter(Boolean).join(" ")}
            onChange={(event) => {
              setTracking(event.target.value);
              setErrors({});
            }}
            className="w-full"
          />
        </FieldShell>
        <div className="flex flex-wrap justify-end gap-3">
          <Button type="button" onClick={onClose}>
            Annuler
          </Button>
          <Button type="submit" variant="accent" disabled={busy}>
            {busy ? "Expédition..." : "Expédier"}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
