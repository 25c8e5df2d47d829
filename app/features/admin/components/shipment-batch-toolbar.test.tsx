// @vitest-environment happy-dom
/**
 * The day's batch in 'Gestion des Commandes' (decision 062), the whole list under a stubbed route
 * (its filters, fetchers and revalidation need a router) with the JSON API replaced by a fake
 * fetch: a box per order that can be prepared, 'Tout sélectionner', the selected ids posted with
 * the format, each order's outcome, and the two PDFs' links. No module is mocked: the fetch stub
 * is undone after each test.
 */
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { withI18n } from "../../../../tests/support/i18n";
import type { AdminOrderPage, AdminOrderRow } from "~/domain/orders/admin-orders.schema";
import type { BatchOutcome } from "./shipment-api";
import { AdminOrdersView } from "./admin-orders-view";

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

function row(n: number, overrides: Partial<AdminOrderRow> = {}): AdminOrderRow {
  const number = `AUR-2026-${String(n).padStart(6, "0")}`;
  return {
    id: id(n),
    number,
    short_id: number,
    order_number: number,
    item_count: 1,
    customer_name: "Léa Moreau",
    email: "lea@example.com",
    address: "12 rue des Lilas, 69003 Lyon, France",
    created_at: "2026-12-03T08:00:00.000Z",
    total_cents: 4990,
    status: "confirmed",
    payment_status: "paid",
    ...overrides,
  };
}

type Call = { url: string; method: string; body: unknown };

function fakeApi(answers: { status: number; body: unknown }[]) {
  const calls: Call[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, method: init?.method ?? "GET", body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const answer = answers.shift() ?? { status: 500, body: { error: { code: "unexpected", message: "unexpected call" } } };
      return Response.json(answer.body, { status: answer.status });
    }),
  );
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

async function settle(times = 10) {
  for (let i = 0; i < times; i++) await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
}

const text = () => container.textContent?.replace(/\s+/g, " ") ?? "";
const checkbox = (name: string) => container.querySelector<HTMLInputElement>(`input[type="checkbox"][aria-label="${name}"]`);
const button = (label: string) => [...container.querySelectorAll("button")].find((b) => b.textContent === label);
const link = (label: string) => [...container.querySelectorAll("a")].find((a) => a.textContent === label);

/** The list as the page renders it; `loads` counts the loader's runs (the revalidation after printing). */
async function render(rows: AdminOrderRow[]) {
  const result: AdminOrderPage = { rows, total: rows.length, page: 1, page_size: 20, page_count: 1 };
  const loads = { count: 0 };
  const Stub = createRoutesStub([
    {
      path: "/admin/commandes",
      loader: () => {
        loads.count += 1;
        return null;
      },
      HydrateFallback: () => null,
      Component: () => <AdminOrdersView query={{ search: "", status: "all", page: 1, page_size: 20 }} result={result} error={null} />,
    },
  ]);
  await act(async () => {
    root.render(withI18n(<Stub initialEntries={["/admin/commandes"]} />));
  });
  await settle();
  return loads;
}

describe("the day's batch", () => {
  it("posts the selected orders with the format, lists each order's outcome and links the labels printed", async () => {
    const outcomes: BatchOutcome[] = [
      { order_id: id(1), order_number: "AUR-2026-000001", ok: true, tracking_number: "6A00000000001", message: null },
      {
        order_id: id(3),
        order_number: "AUR-2026-000003",
        ok: false,
        tracking_number: null,
        message: "L'adresse de livraison de cette commande n'est pas dans un pays desservi.",
      },
    ];
    const calls = fakeApi([{ status: 200, body: { data: outcomes } }]);
    const loads = await render([row(1), row(2, { status: "shipped" }), row(3, { status: "processing" })]);

    // Only orders that can be prepared have a box; no toolbar before a selection.
    expect(checkbox("Sélectionner la commande AUR-2026-000001")).not.toBeNull();
    expect(checkbox("Sélectionner la commande AUR-2026-000002")).toBeNull();
    expect(button("Imprimer les étiquettes (1)")).toBeUndefined();

    await act(async () => checkbox("Sélectionner la commande AUR-2026-000001")!.click());
    expect(text()).toContain("1 commande sélectionnée");
    const all = checkbox("Tout sélectionner")!;
    expect(all.indeterminate).toBe(true);
    // The picking list is there as soon as an order is selected.
    expect(link("Liste de préparation (PDF)")?.getAttribute("href")).toBe(`/api/v1/admin/shipments/picking-list?order_ids=${id(1)}`);

    await act(async () => all.click());
    expect(checkbox("Sélectionner la commande AUR-2026-000003")!.checked).toBe(true);
    expect(all.checked).toBe(true);
    expect(text()).toContain("2 commandes sélectionnées");
    expect(link("Liste de préparation (PDF)")?.getAttribute("href")).toBe(
      `/api/v1/admin/shipments/picking-list?order_ids=${id(1)},${id(3)}`,
    );

    const format = [...container.querySelectorAll<HTMLInputElement>('section input[type="radio"]')];
    expect(format.map((r) => r.closest("label")?.textContent)).toEqual(["10 × 15 cm (imprimante thermique)", "A4"]);
    await act(async () => format[1].click());
    const loadsBefore = loads.count;
    await act(async () => button("Imprimer les étiquettes (2)")!.click());
    await settle();

    expect(calls).toEqual([{ url: "/api/v1/admin/shipments/batch", method: "POST", body: { order_ids: [id(1), id(3)], format: "A4" } }]);
    expect(text()).toContain("Résultat de l'impression");
    expect(text()).toContain("AUR-2026-000001Numéro de suivi : 6A00000000001");
    expect(text()).toContain("AUR-2026-000003Échec : L'adresse de livraison de cette commande n'est pas dans un pays desservi.");
    expect(container.querySelector('[role="status"]')?.textContent).toBe("1 étiquette prête, 1 échec");
    // Only the labels printed are in the PDF.
    expect(link("Télécharger les étiquettes (PDF)")?.getAttribute("href")).toBe(`/api/v1/admin/shipments/labels?order_ids=${id(1)}`);
    // The list is reloaded: printed orders are now 'En préparation'.
    expect(loads.count).toBeGreaterThan(loadsBefore);
  });

  it("says when printing, with its buttons disabled", async () => {
    let release: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (release = resolve));
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        await answered;
        return Response.json({ data: [] });
      }),
    );
    await render([row(1)]);
    await act(async () => checkbox("Sélectionner la commande AUR-2026-000001")!.click());
    await act(async () => button("Imprimer les étiquettes (1)")!.click());
    expect(button("Impression en cours…")?.disabled).toBe(true);
    expect(button("Tout désélectionner")?.disabled).toBe(true);
    expect(container.querySelector('[role="status"]')?.textContent).toBe("Impression en cours…");
    release();
    await settle();
    expect(button("Imprimer les étiquettes (1)")?.disabled).toBe(false);
  });

  it("shows the server's message when the whole batch is refused", async () => {
    fakeApi([{ status: 401, body: { error: { code: "unauthenticated", message: "Veuillez vous reconnecter." } } }]);
    await render([row(1)]);
    await act(async () => checkbox("Sélectionner la commande AUR-2026-000001")!.click());
    await act(async () => button("Imprimer les étiquettes (1)")!.click());
    await settle();
    expect(container.querySelector('[role="alert"]')?.textContent).toBe("Veuillez vous reconnecter.");
  });

  it("sends nothing beyond 100 orders and says so", async () => {
    const calls = fakeApi([]);
    await render(Array.from({ length: 101 }, (_, i) => row(i + 1)));
    await act(async () => checkbox("Tout sélectionner")!.click());
    expect(container.querySelector('[role="alert"]')?.textContent).toBe(
      "Sélectionnez au plus 100 commandes à la fois : 101 sont sélectionnées.",
    );
    expect(button("Imprimer les étiquettes (101)")?.disabled).toBe(true);
    expect(link("Liste de préparation (PDF)")).toBeUndefined();
    await act(async () => button("Tout désélectionner")!.click());
    expect(button("Imprimer les étiquettes (101)")).toBeUndefined();
    expect(calls).toHaveLength(0);
  });
});
