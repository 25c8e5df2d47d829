import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { useRevalidator } from "react-router";
import { Button } from "~/components/ui/button";
import { FieldShell, errorIdOf } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Modal } from "~/components/ui/modal";
import type { LabelFormat } from "~/domain/delivery/carrier";
import { callJsonApi } from "~/lib/json-api";
import { formatLongDateTime } from "~/lib/paris-time";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";
import { LabelFormatChoice } from "./label-format-choice";
import {
  LABEL_FORMAT_CHOICES,
  checkParcelWeight,
  kilograms,
  shipmentLabelUrl,
  shipmentUrl,
  unweighedHint,
  type ShipmentPreparation,
} from "./shipment-api";

const LOAD_FAILED = ACCOUNT_MESSAGES.somethingWentWrong;
const SEND_FAILED = ACCOUNT_MESSAGES.somethingWentWrongTryAgain;

const LINK = "inline-flex min-h-11 items-center font-semibold text-accent underline underline-offset-4 break-words";

type Loaded = { preparation: ShipmentPreparation } | { error: string } | null;

/**
 * 'Préparer l'expédition' (decision 062): the carrier and product of the order's delivery method,
 * the parcel's weight pre-filled from the products, the label's format, and 'Imprimer l'étiquette'.
 * The carrier prints the label and gives the tracking number; the order moves to 'En préparation'
 * and the list is reloaded. An order already printed shows its label and tracking link instead.
 */
export function PrepareShipmentDialog({ orderId, number, onClose }: { orderId: string; number: string; onClose: () => void }) {
  const [loaded, setLoaded] = useState<Loaded>(null);

  useEffect(() => {
    let current = true;
    setLoaded(null);
    void callJsonApi<ShipmentPreparation>(shipmentUrl(orderId)).then((answer) => {
      if (!current) return;
      setLoaded(answer.ok ? { preparation: answer.data } : { error: answer.message || LOAD_FAILED });
    });
    return () => {
      current = false;
    };
  }, [orderId]);

  return (
    <Modal title={`Préparer l'expédition de la commande ${number}`} onClose={onClose}>
      {loaded === null ? <p aria-live="polite">Chargement…</p> : null}
      {loaded && "error" in loaded ? (
        <div className="space-y-4">
          <p role="alert" className="text-red-800">
            {loaded.error}
          </p>
          <div className="flex justify-end">
            <Button onClick={onClose}>Fermer</Button>
          </div>
        </div>
      ) : null}
      {loaded && "preparation" in loaded ? (
        <Preparation
          orderId={orderId}
          preparation={loaded.preparation}
          onPrinted={(preparation) => setLoaded({ preparation })}
          onClose={onClose}
        />
      ) : null}
    </Modal>
  );
}

function Preparation({
  orderId,
  preparation,
  onPrinted,
  onClose,
}: {
  orderId: string;
  preparation: ShipmentPreparation;
  onPrinted: (preparation: ShipmentPreparation) => void;
  onClose: () => void;
}) {
  // Set when the label is printed here rather than found already printed: focus then goes to the result.
  const [justPrinted, setJustPrinted] = useState(false);
  return (
    <div className="space-y-4">
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted">Transporteur</dt>
        <dd className="break-words">{preparation.carrier_label}</dd>
        <dt className="text-muted">Produit</dt>
        <dd className="break-words">{`${preparation.product_label} (${preparation.product_code})`}</dd>
      </dl>
      {preparation.shipment ? (
        <PrintedShipment orderId={orderId} preparation={preparation} focusOnShow={justPrinted} onClose={onClose} />
      ) : preparation.refusal ? (
        <>
          <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900">
            {preparation.refusal}
          </p>
          <div className="flex justify-end">
            <Button onClick={onClose}>Fermer</Button>
          </div>
        </>
      ) : (
        <PrintLabelForm
          orderId={orderId}
          preparation={preparation}
          onPrinted={(next) => {
            setJustPrinted(true);
            onPrinted(next);
          }}
          onClose={onClose}
        />
      )}
    </div>
  );
}

type Errors = Partial<Record<"weight" | "form", string>>;

function PrintLabelForm({
  orderId,
  preparation,
  onPrinted,
  onClose,
}: {
  orderId: string;
  preparation: ShipmentPreparation;
  onPrinted: (preparation: ShipmentPreparation) => void;
  onClose: () => void;
}) {
  const baseId = useId();
  const revalidator = useRevalidator();
  const [weight, setWeight] = useState(String(preparation.suggested_weight_grams));
  const [format, setFormat] = useState<LabelFormat>("10x15");
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const weightId = `${baseId}-weight`;
  // By id: the shared Input takes no ref.
  const focusWeight = () => document.getElementById(weightId)?.focus();

  // The Modal focused its close button on opening, before this form had loaded: the weight is the field to check.
  useEffect(() => {
    document.getElementById(weightId)?.focus();
  }, [weightId]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const checked = checkParcelWeight(weight, preparation.max_weight_grams);
    if (!checked.ok) {
      setErrors({ weight: checked.message });
      focusWeight();
      return;
    }
    setBusy(true);
    setErrors({});
    const answer = await callJsonApi<ShipmentPreparation, "weight_grams" | "format">(shipmentUrl(orderId), {
      method: "POST",
      body: { weight_grams: checked.grams, format },
    });
    setBusy(false);
    if (answer.ok) {
      // The order is now 'En préparation': the list behind the dialog shows it.
      void revalidator.revalidate();
      onPrinted(answer.data);
      return;
    }
    if (answer.fieldErrors.weight_grams) {
      setErrors({ weight: answer.fieldErrors.weight_grams });
      focusWeight();
      return;
    }
    // A network failure has no message of the server's: the request may be tried again.
    setErrors({ form: answer.message || SEND_FAILED });
  }

  const hint = [
    `Calculé d'après le poids des produits et l'emballage (maximum ${kilograms(preparation.max_weight_grams)})`,
    preparation.unweighed_units > 0 ? unweighedHint(preparation.unweighed_units) : null,
  ]
    .filter(Boolean)
    .join(". ");
  return (
    <form noValidate onSubmit={submit} className="space-y-4" aria-busy={busy}>
      <FieldShell id={weightId} label="Poids du colis (g)" required hint={`${hint}.`} error={errors.weight}>
        <Input
          id={weightId}
          name="weight_grams"
          type="number"
          inputMode="numeric"
          min={1}
          max={preparation.max_weight_grams}
          step={1}
          value={weight}
          data-autofocus
          aria-required
          aria-invalid={errors.weight ? true : undefined}
          aria-describedby={[`${weightId}-hint`, errorIdOf(weightId, errors.weight)].filter(Boolean).join(" ")}
          onChange={(event) => {
            setWeight(event.target.value);
            setErrors({});
          }}
          className="w-full"
        />
      </FieldShell>
      <LabelFormatChoice
        value={format}
        onChange={(next) => {
          setFormat(next);
          setErrors({});
        }}
        disabled={busy}
      />
      {errors.form ? (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900">
          {errors.form}
        </p>
      ) : null}
      <div className="flex flex-wrap justify-end gap-3">
        <Button type="button" onClick={onClose}>
          Annuler
        </Button>
        <Button type="submit" variant="accent" disabled={busy}>
          {busy ? "Impression…" : "Imprimer l'étiquette"}
        </Button>
      </div>
    </form>
  );
}

function PrintedShipment({
  orderId,
  preparation,
  focusOnShow,
  onClose,
}: {
  orderId: string;
  preparation: ShipmentPreparation;
  focusOnShow: boolean;
  onClose: () => void;
}) {
  const shipment = preparation.shipment!;
  const titleId = useId();
  const ref = useRef<HTMLElement>(null);
  // The form and its button are gone: focus moves to what replaced them, so a screen reader reads it.
  useEffect(() => {
    if (focusOnShow) ref.current?.focus();
  }, [focusOnShow]);
  const formatLabel = LABEL_FORMAT_CHOICES.find((c) => c.value === shipment.label_format)?.label ?? shipment.label_format;
  return (
    <section ref={ref} tabIndex={-1} aria-labelledby={titleId} className="space-y-3 rounded-lg border border-line p-4 outline-none">
      <h3 id={titleId} className="font-semibold">
        Étiquette imprimée
      </h3>
      <p className="text-sm">
        <span className="text-muted">Numéro de suivi :</span> <strong className="break-all font-mono">{shipment.tracking_number}</strong>
      </p>
      <p className="text-sm text-muted">
        {`Format ${formatLabel}, le `}
        <time dateTime={shipment.created_at}>{formatLongDateTime(shipment.created_at)}</time>
      </p>
      <ul className="space-y-1">
        <li>
          <a href={shipmentLabelUrl(orderId)} download className={LINK}>
            Télécharger l'étiquette (PDF)
          </a>
        </li>
        <li>
          <a
            href={shipment.tracking_url}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`Suivre le colis chez ${preparation.carrier_label} (s'ouvre dans un nouvel onglet)`}
            className={LINK}
          >
            {`Suivre le colis chez ${preparation.carrier_label}`}
          </a>
        </li>
      </ul>
      <p className="text-sm text-muted">Le suivi du transporteur fera passer la commande « Expédiée » dès que le colis partira.</p>
      <div className="flex justify-end">
        <Button onClick={onClose}>Fermer</Button>
      </div>
    </section>
  );
}
