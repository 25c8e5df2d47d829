// @vitest-environment happy-dom
/**
 * The team's sign-in form with the auth endpoints replaced by a fake fetch: the code step after
 * the password, a rate limit's wait shown as the server words it, and a spent challenge leading
 * back to the password with the focus there. No module is mocked: the stub is undone after each test.
 */
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AdminSignInForm, CHALLENGE_ENDED_MESSAGE } from "./sign-in-form";

type Call = { url: string; body: unknown };

function fakeAuth(answers: { status: number; body: unknown; headers?: Record<string, string> }[]) {
  const calls: Call[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const answer = answers.shift() ?? { status: 500, body: { code: "UNEXPECTED" } };
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { "Content-Type": "application/json", ...answer.headers },
      });
    }),
  );
  return calls;
}

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
let container: HTMLDivElement;
let root: Root;

beforeEach(async () => {
  container = document.createElement("div");
  document.body.append(container);
  root = createRoot(container);
  await act(async () => root.render(<AdminSignInForm retour="/admin/commandes?page=2" />));
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.unstubAllGlobals();
});

async function settle(times = 10) {
  for (let i = 0; i < times; i++) await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
}

const $ = <T extends Element>(selector: string) => container.querySelector<T>(selector);
const field = (label: string) => {
  const found = [...container.querySelectorAll("label")].find((l) => l.textContent === label);
  if (!found) throw new Error(`no field "${label}"`);
  return container.ownerDocument.getElementById(found.htmlFor) as HTMLInputElement;
};

async function type(input: HTMLInputElement, value: string) {
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!.call(input, value);
    input.dispatchEvent(new Event("input", { bubbles: true }));
  });
}

async function submit() {
  await act(async () => {
    $<HTMLFormElement>("form")!.dispatchEvent(new Event("submit", { bubbles: true, cancelable: true }));
  });
  await settle();
}

async function passwordStep() {
  await type(field("Adresse e-mail"), "camille@aurore.test");
  await type(field("Mot de passe"), "Equipe-Secret1!");
  await submit();
}

describe("AdminSignInForm", () => {
  it("refuses empty fields without a request, focusing the first", async () => {
    const calls = fakeAuth([]);
    await submit();
    expect(calls).toHaveLength(0);
    expect([...container.querySelectorAll('[role="alert"]')].map((a) => a.textContent)).toEqual([
      "Saisissez votre adresse e-mail.",
      "Saisissez votre mot de passe.",
    ]);
    expect(document.activeElement).toBe(field("Adresse e-mail"));
  });

  it("asks for the code after the password, and shows a rate limit's wait in French", async () => {
    const calls = fakeAuth([
      { status: 200, body: { twoFactorRedirect: true, twoFactorMethods: ["totp"] } },
      { status: 429, body: { code: "TOO_MANY_ATTEMPTS" }, headers: { "Retry-After": "8" } },
    ]);
    await passwordStep();
    expect(calls[0]).toEqual({ url: "/api/auth/sign-in/email", body: { email: "camille@aurore.test", password: "Equipe-Secret1!" } });
    const code = field("Code de l'application d'authentification");
    expect(document.activeElement).toBe(code);
    expect(container.textContent).toContain("camille@aurore.test");

    await type(code, "123456");
    await submit();
    expect(calls[1]).toEqual({ url: "/api/auth/two-factor/verify-totp", body: { code: "123456" } });
    expect($('[role="alert"]')?.textContent).toBe("Trop de tentatives. Veuillez réessayer dans 8 secondes.");
    expect(document.activeElement).toBe(field("Code de l'application d'authentification"));
  });

  it("goes back to the password when the challenge is spent, with the reason and the focus there", async () => {
    const calls = fakeAuth([
      { status: 200, body: { twoFactorRedirect: true } },
      { status: 400, body: { code: "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE" } },
    ]);
    await passwordStep();
    await act(async () => [...container.querySelectorAll("button")].find((b) => b.textContent === "Utiliser un code de secours")!.click());
    await type(field("Code de secours"), "abcde-fgh");
    await submit();
    expect(calls[1]).toEqual({ url: "/api/auth/two-factor/verify-backup-code", body: { code: "abcde-fgh" } });
    expect($('[role="alert"]')?.textContent).toBe(CHALLENGE_ENDED_MESSAGE);
    const password = field("Mot de passe");
    expect(password.value).toBe("");
    expect(document.activeElement).toBe(password);
    expect(field("Adresse e-mail").value).toBe("camille@aurore.test");
  });
});
