// @vitest-environment happy-dom
/**
 * Paramètres › Modes de livraison, the carrier's product (decision 062): the select lists the
 * chosen carrier's products that fit the method, follows the carrier, starts on the method's
 * product, and a refusal redraws the product typed with its message.
 */
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_DELIVERY_METHODS, type DeliveryMethod } from "~/domain/delivery/delivery-methods";
import type { ActionResult } from "~/domain/http/action-result";
import type { SavedDeliveryMethod } from "~/domain/delivery/delivery-methods-form";
import { AdminSettingsView } from "./admin-settings-view";
import { READ_ONLY_SECTION_MESSAGE } from "./settings-form";

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
});

async function show(methods: DeliveryMethod[], answer?: ActionResult<SavedDeliveryMethod>, editable = true) {
  const Stub = createRoutesStub([
    { path: "/admin/parametres", Component: () => <AdminSettingsView methods={methods} answer={answer} editable={editable} /> },
  ]);
  await act(async () => root.render(<Stub initialEntries={["/admin/parametres"]} />));
}

const select = (id: string) => container.querySelector<HTMLSelectElement>(`#${id}`)!;
const options = (id: string) => [...select(id).options].map((o) => o.value);

/** Picks an option as a person does: React hears the change of its controlled select. */
function choose(id: string, value: string) {
  const element = select(id);
  Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, "value")!.set!.call(element, value);
  element.dispatchEvent(new Event("change", { bubbles: true }));
}

const methods = (): DeliveryMethod[] =>
  DEFAULT_DELIVERY_METHODS.map((m) => (m.code === "relay" ? { ...m, productCode: "BPR" } : { ...m, zones: [...m.zones] }));

describe("the delivery method's carrier product", () => {
  it("lists the carrier's products that fit each method, Mondial Relay among the carriers, the method's product chosen", async () => {
    await show(methods());
    expect(options("method-relay-carrier")).toEqual(["colissimo", "mondialrelay", "chronopost", "ups"]);
    expect(container.querySelector("label[for='method-relay-product_code']")?.textContent).toBe("Produit du transporteur");
    expect(options("method-relay-product_code")).toEqual(["A2P", "BPR"]);
    expect(select("method-relay-product_code").value).toBe("BPR");
    expect(select("method-relay-product_code").name).toBe("product_code");
    expect(options("method-standard-product_code")).toEqual(["DOM", "DOS", "COLI"]);
    expect(select("method-standard-product_code").value).toBe("DOM");
    expect(options("method-express-product_code")).toEqual(["CHRONO13"]);
  });

  it("follows the carrier chosen, and comes back to the method's product with its carrier", async () => {
    await show(methods());
    await act(async () => choose("method-relay-carrier", "mondialrelay"));
    expect(options("method-relay-product_code")).toEqual(["24R"]);
    expect(select("method-relay-product_code").value).toBe("24R");
    await act(async () => choose("method-standard-carrier", "mondialrelay"));
    expect(options("method-standard-product_code")).toEqual(["HOM"]);
    await act(async () => choose("method-relay-carrier", "colissimo"));
    expect(select("method-relay-product_code").value).toBe("BPR");
  });

  it("redraws a refused form with the product typed and its message", async () => {
    const refused: ActionResult<SavedDeliveryMethod> = {
      ok: false,
      code: "invalid_delivery_method",
      message: "Ce produit n'est pas proposé par ce transporteur pour ce mode de livraison",
      fieldErrors: { product_code: "Ce produit n'est pas proposé par ce transporteur pour ce mode de livraison" },
      values: {
        code: "relay",
        name: "Point relais",
        carrier: "colissimo",
        product_code: "A2P",
        price: "7,90",
        free_threshold: "49",
        delay_working_days: "3",
        zones: ["metropole"],
        active: true,
      },
    };
    await show(methods(), refused);
    const product = select("method-relay-product_code");
    expect(product.value).toBe("A2P");
    expect(product.getAttribute("aria-invalid")).toBe("true");
    expect(product.getAttribute("aria-describedby")).toContain("method-relay-product_code-error");
    expect(container.querySelector("#method-relay-product_code-error")?.textContent).toContain("Ce produit n'est pas proposé");
    // The other methods keep their own values.
    expect(select("method-standard-product_code").getAttribute("aria-invalid")).toBeNull();
  });
});

describe("a role that reads the settings without changing them (decision 066)", () => {
  it("shows the methods with every control disabled, and says why", async () => {
    await show(methods(), undefined, false);
    expect(container.textContent).toContain(READ_ONLY_SECTION_MESSAGE);
    expect(select("method-relay-product_code").value).toBe("BPR");
    // A disabled fieldset disables what it holds (the browser's rule; happy-dom does not apply it).
    expect(select("method-relay-product_code").closest("fieldset[disabled]")).not.toBeNull();
    const saves = [...container.querySelectorAll("button")].filter((b) => b.textContent === "Enregistrer");
    expect(saves).toHaveLength(methods().length);
    expect(saves.every((b) => b.closest("fieldset[disabled]") !== null)).toBe(true);
  });

  it("leaves an editable section's controls enabled, without the line", async () => {
    await show(methods());
    expect(container.textContent).not.toContain(READ_ONLY_SECTION_MESSAGE);
    expect(container.querySelector("fieldset[disabled]")).toBeNull();
  });
});
