import { useEffect, useId, useState, type FormEvent } from "react";
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
import { callJsonApi } from "~/lib/json-api";
import { shipmentUrl, type ShipmentPreparation } from "./shipment-api";

/** The parcel printed through 'Préparer l'expédition', if any: undefined while it is asked. */
type Printed = { tracking_number: string; carrier_label: string } | null | undefined;

/**
 * 'Expédier': the carrier and the tracking number, checked in the browser with the schema the
 * server applies again; on success the list reloads with the order shipped and a toast says so.
 * An order whose label was printed ships with the carrier's number (decision 062): the dialog
 * only names it and asks to confirm, since the server would ignore a typed one.
 */
export function ShipOrderDialog({ orderId, number, onClose }: { orderId: string; number: string; onClose: () => void }) {
  const fetcher = useFetcher<ActionResult<OrderChanged>>();
  const baseId = useId();
  const [carrier, setCarrier] = useState<Carrier>("colissimo");
  const [tracking, setTracking] = useState("");
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [printed, setPrinted] = useState<Printed>(undefined);
  const busy = fetcher.state !== "idle";

  useEffect(() => {
    let current = true;
    void callJsonApi<ShipmentPreparation>(shipmentUrl(orderId)).then((answer) => {
      if (!current) return;
      // Unreadable: the typed form stays the way to ship, and the server still prefers a printed parcel.
      setPrinted(
        answer.ok && answer.data.shipment
          ? { tracking_number: answer.data.shipment.tracking_number, carrier_label: answer.data.carrier_label }
          : null,
      );
    });
    return () => {
      current = false;
    };
  }, [orderId]);

  // The Modal focused its close button while the parcel was asked: the field, or the confirmation, takes it now.
  useEffect(() => {
    if (printed === undefined) return;
    // By id: the shared Input and Button take no ref.
    document.getElementById(printed ? `${baseId}-confirm` : `${baseId}-tracking`)?.focus();
  }, [printed, baseId]);

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

  function confirmPrinted(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // No carrier nor number: the workflow ships with the printed parcel's.
    fetcher.submit({ intent: "ship", orderId }, { method: "post" });
  }

  const carrierId = `${baseId}-carrier`;
  const trackingId = `${baseId}-tracking`;
  if (printed === undefined) {
    return (
      <Modal title={`Expédier la commande ${number}`} onClose={onClose}>
        <p aria-live="polite">Chargement…</p>
      </Modal>
    );
  }
  if (printed) {
    const failure = Object.values(errors).find(Boolean);
    return (
      <Modal title={`Expédier la commande ${number}`} onClose={onClose}>
        <form noValidate onSubmit={confirmPrinted} className="space-y-4">
          <p>
            {"Le colis porte le numéro "}
            <strong className="break-all font-mono">{printed.tracking_number}</strong>
            {` (${printed.carrier_label}) : il sera indiqué au client.`}
          </p>
          {failure ? (
            <p role="alert" className="text-sm font-medium text-danger">
              {failure}
            </p>
          ) : null}
          <div className="flex flex-wrap justify-end gap-3">
            <Button type="button" onClick={onClose}>
              Annuler
            </Button>
            <Button id={`${baseId}-confirm`} type="submit" variant="accent" disabled={busy}>
              {busy ? "Expédition..." : "Marquer comme expédiée"}
            </Button>
          </div>
        </form>
      </Modal>
    );
  }
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
