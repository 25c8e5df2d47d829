// @vitest-environment happy-dom
/**
 * Paramètres › Fiscalité (decision 063): the year's distance sales against the €10,000 threshold
 * and its warning, and a refusal of the server (a message the browser's check does not know)
 * read out with the row it names marked.
 */
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_TAX_RATES } from "~/domain/tax/rates";
import { DEFAULT_TAX_SETTINGS, type TaxSettings } from "~/domain/tax/tax-rules";
import { TaxSettingsSection, type DistanceSales } from "./tax-settings";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
let container: HTMLDivElement;
let root: Root;
let posted: FormData[] = [];

beforeEach(() => {
  container = document.createElement("div");
  document.body.append(container);
  root = createRoot(container);
  posted = [];
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

const WARNING = "Seuil dépassé : la TVA du pays de destination s'applique ; inscrivez-vous au guichet unique OSS.";
const SERVER_REFUSAL = "Ligne 2 : refusé par le serveur.";

async function show(settings: Partial<TaxSettings> = {}, distanceSales: DistanceSales = { year: 2031, ordersCents: 0 }) {
  const Stub = createRoutesStub([
    {
      path: "/admin/parametres",
      Component: () => (
        <TaxSettingsSection
          rates={DEFAULT_TAX_RATES}
          settings={{ ...DEFAULT_TAX_SETTINGS, ...settings }}
          distanceSales={distanceSales}
          vatNumber="FR40303265045"
        />
      ),
      action: async ({ request }) => {
        posted.push(await request.formData());
        return { ok: false, code: "invalid_tax_rates", message: SERVER_REFUSAL, fieldErrors: { "rates.1": "refusé par le serveur." } };
      },
    },
  ]);
  await act(async () => root.render(<Stub initialEntries={["/admin/parametres"]} />));
}

const text = () => (container.textContent ?? "").replace(/[\u00a0\u202f]/g, " ");

describe("the year's EU distance sales", () => {
  it("adds the opening figure of its own year, and warns over the threshold while not OSS-registered", async () => {
    await show({ opening_year: 2031, opening_distance_sales_cents: 400_000 }, { year: 2031, ordersCents: 600_001 });
    expect(text()).toContain("Ventes à distance dans l'UE en 2031 : 10 000,01 € sur 10 000 €");
    expect(text()).toContain(WARNING);
    expect(text()).toContain("N° de TVA intracommunautaire de la boutique : FR40303265045");
  });

  it("leaves out another year's opening figure, and says nothing under the threshold or once registered", async () => {
    await show({ opening_year: 2030, opening_distance_sales_cents: 900_000 }, { year: 2031, ordersCents: 250_050 });
    expect(text()).toContain("Ventes à distance dans l'UE en 2031 : 2 500,50 € sur 10 000 €");
    expect(text()).not.toContain(WARNING);
    act(() => root.unmount());
    root = createRoot(container);
    await show({ oss_registered: true }, { year: 2031, ordersCents: 2_000_000 });
    expect(text()).not.toContain(WARNING);
  });

  it("warns all year when last year went over the threshold", async () => {
    await show({ previous_year_over_threshold: true });
    expect(text()).toContain(WARNING);
  });
});

describe("the rate table", () => {
  it("posts every row and reads the server's refusal out, the row it names marked", async () => {
    await show();
    const form = container.querySelector<HTMLFormElement>("form[aria-label='Taux de TVA']")!;
    await act(async () => form.querySelector<HTMLButtonElement>("button[type='submit']")!.click());
    await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(posted).toHaveLength(1);
    expect(posted[0]!.get("intent")).toBe("tax-rates");
    expect(posted[0]!.getAll("rate_percent")).toEqual(DEFAULT_TAX_RATES.map((r) => String(r.rate_percent).replace(".", ",")));
    const alert = container.querySelector("[role='alert']");
    expect(alert?.textContent).toBe(SERVER_REFUSAL);
    const rates = [...container.querySelectorAll<HTMLInputElement>("input[name='rate_percent']")];
    expect(rates[1]!.getAttribute("aria-invalid")).toBe("true");
    expect(rates[1]!.getAttribute("aria-describedby")).toBe("tax-rates-problem");
    expect(rates[0]!.getAttribute("aria-invalid")).toBeNull();
  });

  it("checks the rows before sending: a rate that is no number is refused in the browser, nothing posted", async () => {
    await show();
    const input = container.querySelectorAll<HTMLInputElement>("input[name='rate_percent']")[2]!;
    await act(async () => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!.call(input, "abc");
      input.dispatchEvent(new Event("input", { bubbles: true }));
    });
    const form = container.querySelector<HTMLFormElement>("form[aria-label='Taux de TVA']")!;
    await act(async () => form.querySelector<HTMLButtonElement>("button[type='submit']")!.click());
    expect(posted).toHaveLength(0);
    expect(container.querySelector("[role='alert']")?.textContent).toBe(
      "Ligne 3 : Le taux doit être compris entre 0 et 30 %, avec au plus deux décimales.",
    );
  });
});
