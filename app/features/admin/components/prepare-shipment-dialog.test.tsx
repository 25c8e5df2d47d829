// @vitest-environment happy-dom
/**
 * 'Préparer l'expédition' and 'Expédier' after a printed label (decision 062), under a stubbed
 * route (their fetcher and revalidation need a router) with the shop's JSON API replaced by a
 * fake fetch: the weight pre-filled, the weight and format posted, a weight refused before any
 * request, the carrier's silence (502) worded as the server words it, and a printed parcel shipped
 * without typing its number. No module is mocked: the fetch stub is undone after each test.
 */
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { withI18n } from "../../../../tests/support/i18n";
import type { ActionResult } from "~/domain/http/action-result";
import type { ShipmentPreparation } from "./shipment-api";
import { PrepareShipmentDialog } from "./prepare-shipment-dialog";
import { ShipOrderDialog } from "./ship-order-dialog";

const ORDER_ID = "00000000-0000-4000-8000-0000000000aa";
const SHIPMENT_URL = `/api/v1/admin/orders/${ORDER_ID}/shipment`;

function preparation(overrides: Partial<ShipmentPreparation> = {}): ShipmentPreparation {
  return {
    carrier: "colissimo",
    carrier_label: "Colissimo",
    product_code: "DOM",
    product_label: "Colissimo Domicile sans signature",
    max_weight_grams: 30_000,
    suggested_weight_grams: 1_250,
    unweighed_units: 2,
    refusal: null,
    shipment: null,
    ...overrides,
  };
}

const PRINTED = {
  tracking_number: "6A12345678901",
  tracking_url: "https://www.laposte.fr/outils/suivre-vos-envois?code=6A12345678901",
  label_format: "10x15" as const,
  created_at: "2026-12-03T09:30:00.000Z",
  status: "label_created",
};

type Call = { url: string; method: string; body: unknown };

/** A fake fetch answering each call with the next answer given, and keeping what was sent. */
function fakeApi(answers: { status: number; body: unknown }[]) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    calls.push({ url, method: init?.method ?? "GET", body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const answer = answers.shift() ?? { status: 500, body: { error: { code: "unexpected", message: "unexpected call" } } };
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { "Content-Type": "application/json" } });
  });
  vi.stubGlobal("fetch", fetchMock);
  return calls;
}

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
let container: HTMLDivElement;
let root: Root;

beforeEach(() => {
  container = document.createElement("div");
  document.body.append(container);
  root = createRoot(container);
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.unstubAllGlobals();
});

/** Lets the promises in flight (the fake fetch, a fetcher's post, a revalidation) settle, inside act. */
async function settle(times = 10) {
  for (let i = 0; i < times; i++) await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
}

const text = () => container.ownerDocument.body.textContent?.replace(/\s+/g, " ") ?? "";
const $ = <T extends Element>(selector: string) => document.body.querySelector<T>(selector);
const button = (label: string) => {
  const found = [...document.body.querySelectorAll("button")].find((b) => b.textContent === label);
  if (!found) throw new Error(`no "${label}" button in: ${text()}`);
  return found;
};

/** Types as a person does: React hears the input event. */
async function type(input: HTMLInputElement, value: string) {
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!.call(input, value);
    input.dispatchEvent(new Event("input", { bubbles: true }));
  });
}

async function submit() {
  await act(async () => {
    $<HTMLFormElement>("dialog form")!.dispatchEvent(new Event("submit", { bubbles: true, cancelable: true }));
  });
  await settle();
}

/** The dialog under the orders page's route; the route's action keeps what 'Expédier' posts. */
async function render(node: React.ReactNode) {
  const posted: Record<string, string>[] = [];
  const Stub = createRoutesStub([
    {
      path: "/admin/commandes",
      Component: () => <>{node}</>,
      action: async ({ request }): Promise<ActionResult<{ orderId: string }>> => {
        posted.push(Object.fromEntries((await request.formData()).entries()) as Record<string, string>);
        return { ok: true, data: { orderId: ORDER_ID }, message: "Commande AUR-2026-000123 expédiée" };
      },
    },
  ]);
  await act(async () => {
    root.render(withI18n(<Stub initialEntries={["/admin/commandes"]} />));
  });
  await settle();
  return posted;
}

const weightInput = () => $<HTMLInputElement>('input[name="weight_grams"]')!;

describe("PrepareShipmentDialog", () => {
  it("pre-fills the suggested weight, says how it is computed, and posts the weight and format the administrator chose", async () => {
    const calls = fakeApi([
      { status: 200, body: { data: preparation() } },
      { status: 200, body: { data: preparation({ shipment: PRINTED }) } },
    ]);
    await render(<PrepareShipmentDialog orderId={ORDER_ID} number="AUR-2026-000123" onClose={() => undefined} />);

    expect(calls[0]).toEqual({ url: SHIPMENT_URL, method: "GET", body: undefined });
    expect(text()).toContain("Préparer l'expédition de la commande AUR-2026-000123");
    expect(text()).toContain("Colissimo Domicile sans signature (DOM)");
    const weight = weightInput();
    expect(weight.value).toBe("1250");
    expect(weight.type).toBe("number");
    expect(weight.min).toBe("1");
    expect(weight.max).toBe("30000");
    // Named by its label, described by its hint, and focused once the preparation is there.
    expect($(`label[for="${weight.id}"]`)?.textContent).toContain("Poids du colis (g)");
    const hint = document.getElementById(weight.getAttribute("aria-describedby")!.split(" ")[0])!;
    expect(hint.textContent).toContain("Calculé d'après le poids des produits et l'emballage");
    expect(hint.textContent).toContain("2 articles sans poids comptés à 300 g");
    expect(document.activeElement).toBe(weight);
    // The two formats in one named radio group, the thermal printer's first.
    const group = $<HTMLFieldSetElement>("dialog fieldset")!;
    expect(group.querySelector("legend")?.textContent).toBe("Format de l'étiquette");
    const radios = [...group.querySelectorAll<HTMLInputElement>('input[type="radio"]')];
    expect(radios.map((r) => r.closest("label")?.textContent)).toEqual(["10 × 15 cm (imprimante thermique)", "A4"]);
    expect(radios[0].checked).toBe(true);

    await type(weight, "1400");
    await act(async () => radios[1].click());
    await submit();

    expect(calls[1]).toEqual({ url: SHIPMENT_URL, method: "POST", body: { weight_grams: 1400, format: "A4" } });
    expect(text()).toContain("Étiquette imprimée");
    expect(text()).toContain("6A12345678901");
    const label = [...document.body.querySelectorAll("a")].find((a) => a.textContent === "Télécharger l'étiquette (PDF)");
    expect(label?.getAttribute("href")).toBe(`${SHIPMENT_URL}/label`);
    const tracking = [...document.body.querySelectorAll("a")].find((a) => a.textContent === "Suivre le colis chez Colissimo");
    expect(tracking?.getAttribute("href")).toBe(PRINTED.tracking_url);
    expect(tracking?.getAttribute("rel")).toBe("noopener noreferrer");
    expect($('input[name="weight_grams"]')).toBeNull();
    // The form is gone: focus goes to its result rather than being lost.
    expect(document.activeElement?.textContent).toContain("Étiquette imprimée");
  });

  it("refuses an empty, zero, decimal or too heavy weight in French without any request", async () => {
    const calls = fakeApi([{ status: 200, body: { data: preparation({ unweighed_units: 0 }) } }]);
    await render(<PrepareShipmentDialog orderId={ORDER_ID} number="AUR-2026-000123" onClose={() => undefined} />);
    expect(text()).not.toContain("sans poids");

    for (const [typed, message] of [
      ["", "Indiquez le poids du colis en grammes : un nombre entier supérieur à 0."],
      ["0", "Indiquez le poids du colis en grammes : un nombre entier supérieur à 0."],
      ["12.5", "Indiquez le poids du colis en grammes : un nombre entier supérieur à 0."],
      ["30001", "Le colis dépasse le poids maximum de ce produit : 30 kg."],
    ]) {
      await type(weightInput(), typed);
      await submit();
      const weight = weightInput();
      expect(weight.getAttribute("aria-invalid")).toBe("true");
      const error = document.getElementById(`${weight.id}-error`);
      expect(error?.textContent).toBe(message);
      expect(weight.getAttribute("aria-describedby")).toContain(`${weight.id}-error`);
    }
    expect(calls).toHaveLength(1);
    // Typing again clears the message.
    await type(weightInput(), "900");
    expect(weightInput().hasAttribute("aria-invalid")).toBe(false);
  });

  it("shows the server's French message when the carrier does not answer (502), and keeps the form for another try", async () => {
    const message = "Colissimo ne répond pas pour le moment : réessayez dans quelques minutes.";
    const calls = fakeApi([
      { status: 200, body: { data: preparation() } },
      { status: 502, body: { error: { code: "carrier_unavailable", message } } },
    ]);
    await render(<PrepareShipmentDialog orderId={ORDER_ID} number="AUR-2026-000123" onClose={() => undefined} />);
    await submit();

    expect(calls[1]).toMatchObject({ method: "POST", body: { weight_grams: 1250, format: "10x15" } });
    expect($('dialog [role="alert"]')?.textContent).toBe(message);
    expect(button("Imprimer l'étiquette").disabled).toBe(false);
    expect(weightInput().hasAttribute("aria-invalid")).toBe(false);
  });

  it("puts the server's refusal of the weight on the weight field", async () => {
    const message = "Le colis dépasse le poids maximum de ce produit : 20 kg.";
    fakeApi([
      { status: 200, body: { data: preparation() } },
      { status: 400, body: { error: { code: "invalid_weight", message, details: [{ field: "weight_grams", message }] } } },
    ]);
    await render(<PrepareShipmentDialog orderId={ORDER_ID} number="AUR-2026-000123" onClose={() => undefined} />);
    await submit();
    const weight = weightInput();
    expect(weight.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(`${weight.id}-error`)?.textContent).toBe(message);
    expect(document.activeElement).toBe(weight);
  });

  it("shows why no label can be printed, with nothing to submit", async () => {
    const refusal = "Chronopost n'a pas de service d'étiquettes dans cette version : expédiez le colis avec l'outil du transporteur.";
    fakeApi([{ status: 200, body: { data: preparation({ refusal }) } }]);
    await render(<PrepareShipmentDialog orderId={ORDER_ID} number="AUR-2026-000123" onClose={() => undefined} />);
    expect($('dialog [role="alert"]')?.textContent).toBe(refusal);
    expect($('input[name="weight_grams"]')).toBeNull();
    expect([...document.body.querySelectorAll("button")].some((b) => b.textContent === "Imprimer l'étiquette")).toBe(false);
  });

  it("says it is loading, then shows a failed load as an alert", async () => {
    // The answer waits until released, so the loading state can be seen.
    let release: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (release = resolve));
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        await answered;
        return Response.json({ error: { code: "not_found", message: "Commande introuvable" } }, { status: 404 });
      }),
    );
    await render(<PrepareShipmentDialog orderId={ORDER_ID} number="AUR-2026-000123" onClose={() => undefined} />);
    expect(text()).toContain("Chargement…");
    expect($("dialog [aria-live]")?.textContent).toBe("Chargement…");
    release();
    await settle();
    expect(text()).not.toContain("Chargement…");
    expect($('dialog [role="alert"]')?.textContent).toBe("Commande introuvable");
  });
});

describe("ShipOrderDialog", () => {
  it("ships a printed parcel with the carrier's number, asking for none", async () => {
    fakeApi([{ status: 200, body: { data: preparation({ shipment: PRINTED }) } }]);
    const posted = await render(<ShipOrderDialog orderId={ORDER_ID} number="AUR-2026-000123" onClose={() => undefined} />);

    expect(text()).toContain("Le colis porte le numéro 6A12345678901 (Colissimo) : il sera indiqué au client.");
    expect($('input[name="tracking_number"]')).toBeNull();
    expect($('select[name="carrier"]')).toBeNull();
    expect(document.activeElement).toBe(button("Marquer comme expédiée"));

    await submit();
    expect(posted).toEqual([{ intent: "ship", orderId: ORDER_ID }]);
  });

  it("asks for the carrier and number when no label was printed", async () => {
    fakeApi([{ status: 200, body: { data: preparation() } }]);
    await render(<ShipOrderDialog orderId={ORDER_ID} number="AUR-2026-000123" onClose={() => undefined} />);
    expect($('select[name="carrier"]')).not.toBeNull();
    expect(document.activeElement).toBe($('input[name="tracking_number"]'));
  });
});
