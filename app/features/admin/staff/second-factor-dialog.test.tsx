// @vitest-environment happy-dom
/**
 * "Confirmez qu'il s'agit bien de vous" (decision 066), under a stubbed route (useFetchers needs
 * a router) with the auth endpoints replaced by a fake fetch: opened by the store or by a
 * fetcher's refusal, a code refused before any request when it cannot be right, the server's
 * French refusal shown and announced, and a right code closing it with the toast. No module is
 * mocked: the fetch stub is undone after each test.
 */
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { createRoutesStub, useFetcher } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { withI18n } from "../../../../tests/support/i18n";
import { ToastRegion } from "~/components/ui/toast";
import type { ActionResult } from "~/domain/http/action-result";
import { IDENTITY_CONFIRMED_MESSAGE, SecondFactorDialog } from "./second-factor-dialog";
import { closeSecondFactorRequest, requestSecondFactor } from "./second-factor-store";

type Call = { url: string; body: unknown };

function fakeAuth(answers: { status: number; body: unknown }[]) {
  const calls: Call[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const answer = answers.shift() ?? { status: 500, body: { code: "UNEXPECTED" } };
      return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { "Content-Type": "application/json" } });
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
  act(() => closeSecondFactorRequest());
  act(() => root.unmount());
  container.remove();
  vi.unstubAllGlobals();
});

async function settle(times = 10) {
  for (let i = 0; i < times; i++) await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
}

const $ = <T extends Element>(selector: string) => document.body.querySelector<T>(selector);
const dialog = () => $<HTMLDialogElement>("dialog");
const codeInput = () => $<HTMLInputElement>('dialog input[name="code"]')!;
const button = (label: string) => {
  const found = [...document.body.querySelectorAll("button")].find((b) => b.textContent === label);
  if (!found) throw new Error(`no "${label}" button`);
  return found;
};

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

/** A sensitive action of the page: a fetcher whose action refuses with `second_factor_required`. */
function SensitiveAction() {
  const fetcher = useFetcher<ActionResult<null>>();
  return (
    <fetcher.Form method="post">
      <button type="submit">Supprimer la clé</button>
    </fetcher.Form>
  );
}

async function render() {
  const Stub = createRoutesStub([
    {
      path: "/admin/parametres",
      Component: () => (
        <>
          <SensitiveAction />
          <SecondFactorDialog />
          <ToastRegion />
        </>
      ),
      action: async (): Promise<ActionResult<null>> => ({
        ok: false,
        code: "second_factor_required",
        message: "Cette action demande de confirmer votre identité : saisissez le code de votre application d'authentification.",
      }),
    },
  ]);
  await act(async () => {
    root.render(withI18n(<Stub initialEntries={["/admin/parametres"]} />));
  });
  await settle();
}

describe("SecondFactorDialog", () => {
  it("asks for the code, refuses a malformed one without a request, shows the server's refusal, then confirms", async () => {
    const calls = fakeAuth([
      { status: 401, body: { code: "INVALID_CODE", message: "Invalid code" } },
      { status: 200, body: { token: "t" } },
    ]);
    await render();
    expect(dialog()).toBeNull();
    await act(async () => requestSecondFactor());
    await settle();

    const opened = dialog()!;
    const title = document.getElementById(opened.getAttribute("aria-labelledby")!);
    expect(title?.textContent).toBe("Confirmez qu'il s'agit bien de vous");
    expect(opened.getAttribute("aria-modal")).toBe("true");
    // The code field is named by its label and has the focus.
    const input = codeInput();
    expect(document.querySelector(`label[for="${input.id}"]`)?.textContent).toBe("Code de l'application d'authentification");
    expect(document.activeElement).toBe(input);

    await type(input, "12a");
    expect(input.value).toBe("12");
    await submit();
    expect(calls).toHaveLength(0);
    expect($('[role="alert"]')?.textContent).toBe("Le code de l'application compte 6 chiffres.");
    expect(input.getAttribute("aria-invalid")).toBe("true");

    await type(codeInput(), "123456");
    await submit();
    expect(calls).toEqual([{ url: "/api/auth/two-factor/verify-totp", body: { code: "123456" } }]);
    expect($('[role="alert"]')?.textContent).toBe("Code de vérification incorrect");
    expect(dialog()).not.toBeNull();

    await type(codeInput(), "654321");
    await submit();
    expect(calls[1]).toEqual({ url: "/api/auth/two-factor/verify-totp", body: { code: "654321" } });
    expect(dialog()).toBeNull();
    expect($('[role="status"]')?.textContent).toBe(IDENTITY_CONFIRMED_MESSAGE);
  });

  it("takes a recovery code instead, through the recovery code check", async () => {
    const calls = fakeAuth([{ status: 200, body: { token: "t" } }]);
    await render();
    await act(async () => requestSecondFactor());
    await settle();
    await act(async () => button("Utiliser un code de secours").click());
    const input = codeInput();
    expect(document.querySelector(`label[for="${input.id}"]`)?.textContent).toBe("Code de secours");
    expect(document.activeElement).toBe(input);
    await type(input, "abcde-fgh");
    await submit();
    expect(calls).toEqual([{ url: "/api/auth/two-factor/verify-backup-code", body: { code: "abcde-fgh" } }]);
    expect(dialog()).toBeNull();
  });

  it("opens by itself when a fetcher's answer asks for the second factor, and stays closed once dismissed", async () => {
    fakeAuth([]);
    await render();
    await act(async () => button("Supprimer la clé").click());
    await settle();
    expect(dialog()).not.toBeNull();

    // Escape closes it (the native dialog's cancel event), and the same answer does not reopen it.
    await act(async () => {
      dialog()!.dispatchEvent(new Event("cancel", { cancelable: true }));
    });
    await settle();
    expect(dialog()).toBeNull();

    // The action refused again: a new answer, the dialog again; "Annuler" closes it.
    await act(async () => button("Supprimer la clé").click());
    await settle();
    expect(dialog()).not.toBeNull();
    await act(async () => button("Annuler").click());
    await settle();
    expect(dialog()).toBeNull();
  });
});
