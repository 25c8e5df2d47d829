// @vitest-environment happy-dom
/**
 * Gestion des Clients' exports (decision 066): with JavaScript the CSV is fetched and saved from a
 * blob, so a stale second factor comes back as JSON, opens the code's dialog and shows its message
 * while the page stays; the buttons a role may not use are not shown.
 */
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { closeSecondFactorRequest, useSecondFactorRequest } from "../staff/second-factor-store";
import { AdminClientsView, EXPORT_FAILED_MESSAGE, type ClientsPageAccess } from "./admin-clients-view";
import type { AdminClientPage, AdminClientRow } from "~/domain/customers/admin-clients.schema";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
let container: HTMLDivElement;
let root: Root;

beforeEach(() => {
  container = document.createElement("div");
  document.body.append(container);
  root = createRoot(container);
  closeSecondFactorRequest();
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.restoreAllMocks();
});

const row: AdminClientRow = {
  id: "11111111-1111-4111-8111-111111111111",
  email: "camille@example.com",
  first_name: "Camille",
  last_name: "Durand",
  phone: null,
  gender: null,
  bio: null,
  date_of_birth: null,
  created_at: "2026-01-02T10:00:00.000Z",
  last_order_at: null,
  last_login_at: null,
  order_count: 0,
  total_spent_cents: 0,
  loyalty_points: 0,
  status: "inactive",
} as AdminClientRow;
const page = { rows: [row], total: 1, page: 1, page_count: 1 } as AdminClientPage;
const everything: ClientsPageAccess = { write: true, erase: true, export: true };

function DialogProbe() {
  return <p data-testid="asked">{useSecondFactorRequest() ? "asked" : "closed"}</p>;
}

async function show(may: ClientsPageAccess = everything) {
  const Stub = createRoutesStub([
    {
      path: "/admin/clients",
      Component: () => (
        <>
          <AdminClientsView query={{ search: "", status: "all", page: 1 }} may={may} stats={null} result={page} error={null} />
          <DialogProbe />
        </>
      ),
    },
  ]);
  await act(async () => root.render(<Stub initialEntries={["/admin/clients"]} />));
}

const link = (name: string) => [...container.querySelectorAll("a")].find((a) => a.textContent === name);
const buttonNamed = (label: string) => container.querySelector(`[aria-label="${label}"]`);

async function clickExport() {
  await act(async () => link("Exporter CSV")!.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, button: 0 })));
  await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
}

describe("Exporter CSV with JavaScript", () => {
  it("fetches the file and saves it under the server's name", async () => {
    const fetch = vi.spyOn(globalThis, "fetch").mockResolvedValue(
      new Response("\uFEFFPrénom;Nom\r\n", {
        headers: { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": 'attachment; filename="clients_2026-11-21.csv"' },
      }),
    );
    const createObjectURL = vi.spyOn(URL, "createObjectURL").mockReturnValue("blob:clients");
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(`${this.download} ${this.href}`);
    });
    await show();
    await clickExport();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(String(fetch.mock.calls[0][0])).toBe("/admin/clients/export");
    expect(new Headers(fetch.mock.calls[0][1]?.headers).get("accept")).toContain("application/json");
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    expect(saved).toEqual(["clients_2026-11-21.csv blob:clients"]);
    expect(container.querySelector("[role='alert']")).toBeNull();
  });

  it("asks for the second factor again and shows why, when the last check is stale", async () => {
    const message = "Cette action demande de confirmer votre identité : saisissez le code de votre application d'authentification.";
    vi.spyOn(globalThis, "fetch").mockResolvedValue(Response.json({ error: { code: "second_factor_required", message } }, { status: 403 }));
    await show();
    expect(container.querySelector("[data-testid='asked']")?.textContent).toBe("closed");
    await clickExport();
    expect(container.querySelector("[data-testid='asked']")?.textContent).toBe("asked");
    expect(container.querySelector("[role='alert']")?.textContent).toBe(message);
  });

  it("says so when the download fails on the way", async () => {
    vi.spyOn(globalThis, "fetch").mockRejectedValue(new TypeError("Failed to fetch"));
    await show();
    await clickExport();
    expect(container.querySelector("[role='alert']")?.textContent).toBe(EXPORT_FAILED_MESSAGE);
    expect(container.querySelector("[data-testid='asked']")?.textContent).toBe("closed");
  });

  it("keeps a plain link to the file for a page without JavaScript", async () => {
    await show();
    expect(link("Exporter CSV")?.getAttribute("href")).toBe("/admin/clients/export");
    expect(link("Exporter CSV")?.hasAttribute("download")).toBe(true);
  });
});

describe("the buttons a role may use", () => {
  it("shows every button to a role with every client permission", async () => {
    await show();
    expect(link("Exporter CSV")).toBeDefined();
    expect(buttonNamed("Supprimer Camille Durand")).not.toBeNull();
    expect(buttonNamed("Modifier Camille Durand")).not.toBeNull();
  });

  it("hides the export, the erasure and the changes from a role that only reads", async () => {
    await show({ write: false, erase: false, export: false });
    expect(link("Exporter CSV")).toBeUndefined();
    expect(buttonNamed("Supprimer Camille Durand")).toBeNull();
    expect(buttonNamed("Modifier Camille Durand")).toBeNull();
    expect(buttonNamed("Envoyer un email à Camille Durand")).toBeNull();
    expect(buttonNamed("Sélectionner Camille Durand")).toBeNull();
    expect(buttonNamed("Voir Camille Durand")).not.toBeNull();
    expect([...container.querySelectorAll("button")].some((b) => b.textContent === "Nouveau Client")).toBe(false);
  });

  it("shows the erasure without the export to a role that erases only", async () => {
    await show({ write: false, erase: true, export: false });
    expect(buttonNamed("Supprimer Camille Durand")).not.toBeNull();
    expect(link("Exporter CSV")).toBeUndefined();
  });
});
