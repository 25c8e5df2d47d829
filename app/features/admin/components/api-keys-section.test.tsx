// @vitest-environment happy-dom
/**
 * Paramètres › Clés API (decision 066): the form offers only the accesses the member's role holds,
 * and a refusal asking for the second factor again opens the code's dialog.
 */
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { grantableScopes } from "~/domain/staff/api-scopes";
import { BUILTIN_ROLES } from "~/domain/staff/roles";
import { scopeFieldName, type ApiScope } from "~/domain/api-keys/api-keys";
import { closeSecondFactorRequest, useSecondFactorRequest } from "../staff/second-factor-store";
import { ApiKeysSection } from "./api-keys-section";

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
});

/** Shows whether the code's dialog was asked for, as the shell's dialog would read it. */
function DialogProbe() {
  return <p data-testid="asked">{useSecondFactorRequest() ? "asked" : "closed"}</p>;
}

async function show(scopes: readonly ApiScope[], answer?: unknown) {
  const Stub = createRoutesStub([
    {
      path: "/admin/parametres",
      Component: () => (
        <>
          <ApiKeysSection keys={[]} grantableScopes={scopes} />
          <DialogProbe />
        </>
      ),
      action: () => answer ?? { ok: true, data: null },
    },
  ]);
  await act(async () => root.render(<Stub initialEntries={["/admin/parametres"]} />));
}

const choicesOf = (area: string) => {
  const select = container.querySelector<HTMLSelectElement>(`select[name='${scopeFieldName(area as never)}']`);
  return select ? [...select.options].map((o) => o.value) : null;
};

describe("the API key form's accesses", () => {
  it("offers the owner every access of every area", async () => {
    await show(grantableScopes(BUILTIN_ROLES.owner.permissions));
    expect(choicesOf("catalog")).toEqual(["none", "read", "write"]);
    expect(choicesOf("clients")).toEqual(["none", "read", "write"]);
    expect(choicesOf("accounting")).toEqual(["none", "read", "write"]);
  });

  it("offers a role only what it holds: reading without writing, and no area it cannot see", async () => {
    // A custom role that manages keys with logistics' permissions.
    await show(grantableScopes([...BUILTIN_ROLES.logistics.permissions, "api_keys.manage"]));
    expect(choicesOf("stock")).toEqual(["none", "read", "write"]);
    expect(choicesOf("catalog")).toEqual(["none", "read"]);
    expect(choicesOf("clients")).toBeNull();
    expect(choicesOf("webhooks")).toBeNull();
  });

  it("says so when the role holds no access a key can get", async () => {
    await show([]);
    expect(container.textContent).toContain("Votre rôle ne détient aucun des accès qu'une clé peut recevoir.");
  });
});

describe("a stale second factor", () => {
  it("opens the code's dialog and shows the refusal", async () => {
    const message = "Cette action demande de confirmer votre identité : saisissez le code de votre application d'authentification.";
    await show(grantableScopes(BUILTIN_ROLES.owner.permissions), { ok: false, code: "second_factor_required", message });
    expect(container.querySelector("[data-testid='asked']")?.textContent).toBe("closed");
    const form = container.querySelector<HTMLFormElement>("form")!;
    (form.querySelector("input[name='name']") as HTMLInputElement).value = "ERP";
    const select = form.querySelector<HTMLSelectElement>(`select[name='${scopeFieldName("catalog")}']`)!;
    select.value = "read";
    const create = [...form.querySelectorAll("button")].find((b) => b.textContent === "Créer la clé")!;
    await act(async () => create.click());
    await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(container.querySelector("[data-testid='asked']")?.textContent).toBe("asked");
    expect(container.textContent).toContain(message);
  });
});
