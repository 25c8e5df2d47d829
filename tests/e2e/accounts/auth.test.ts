import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { launchBrowser, seriousA11yViolations, newShopContext } from "../../support/browser";
import { E2E_ADMIN } from "../../support/accounts";
import { signUpCookie } from "../../support/http-session";
import { totp } from "../../support/totp";
import { e2eShop } from "../../support/e2e-shop";

const baseURL = e2eShop().baseURL;
const PASSWORD = "Secret123!Aurore";
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});
beforeEach(async () => {
  context = await newShopContext(browser, baseURL);
  page = await context.newPage();
});
afterEach(async () => {
  await context?.close();
});

function uniqueEmail(): string {
  return `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;
}

function main(): Locator {
  return page.getByRole("main");
}

function header(): Locator {
  return page.getByRole("banner");
}

/**
 * Clicks a button that opens the auth dialog until the dialog shows: the button only works once
 * the page is hydrated, and the dialog's code loads on first use.
 */
async function openDialogWith(button: Locator, dialog: Locator): Promise<Locator> {
  await expect
    .poll(
      async () => {
        if (await dialog.isVisible()) return true;
        // Once the dialog is open the page behind is inert: a click there would wait in vain.
        await button.click({ timeout: 1000 }).catch(() => undefined);
        await dialog.waitFor({ timeout: 1500 }).catch(() => undefined);
        return dialog.isVisible();
      },
      { timeout: 20_000, interval: 100 },
    )
    .toBe(true);
  return dialog;
}

function openLogin(): Promise<Locator> {
  return openDialogWith(header().getByRole("button", { name: "Connexion" }), page.getByRole("dialog", { name: "Connexion" }));
}

async function signUpInModal(email: string, firstName = "Zoé", lastName = "Martin"): Promise<void> {
  const login = await openLogin();
  await login.getByRole("button", { name: "S'inscrire" }).click();
  const dialog = page.getByRole("dialog", { name: "Inscription" });
  await dialog.waitFor();
  await dialog.getByLabel("Prénom").fill(firstName);
  await dialog.getByLabel("Nom", { exact: true }).fill(lastName);
  await dialog.getByLabel("E-mail").fill(email);
  await dialog.getByLabel("Mot de passe", { exact: true }).fill(PASSWORD);
  await dialog.getByRole("button", { name: "S'inscrire" }).click();
  await dialog.waitFor({ state: "hidden" });
  await accountButton(email).waitFor();
}

/** The header's account button greets by first name ("Mon compte : Bonjour Zoé"), whatever the address. */
function accountButton(_email: string): Locator {
  return header().getByRole("button", { name: /^Mon compte : Bonjour / });
}

async function logOut(email: string): Promise<void> {
  await accountButton(email).click();
  await header().getByRole("button", { name: "Déconnexion" }).click();
  await header().getByRole("button", { name: "Connexion" }).waitFor();
  expect(new URL(page.url()).pathname).toBe("/");
}

describe("auth modal", () => {
  it("signs up, shows the account in the header, logs out and logs in again", async () => {
    const email = uniqueEmail();
    await page.goto("/");
    await signUpInModal(email);
    await page.getByRole("status").getByText("Compte créé").waitFor();
    expect(await header().getByRole("button", { name: "Connexion" }).count()).toBe(0);

    // The account menu: dashboard and sign-out, no back-office for a shopper.
    await accountButton(email).click();
    expect(await accountButton(email).getAttribute("aria-expanded")).toBe("true");
    expect(await header().getByRole("link", { name: "Mon tableau de bord" }).getAttribute("href")).toBe("/dashboard");
    expect(await header().getByRole("link", { name: "Administration" }).count()).toBe(0);
    await page.keyboard.press("Escape");
    expect(await accountButton(email).getAttribute("aria-expanded")).toBe("false");
    await expect.poll(() => accountButton(email).evaluate((el) => el === document.activeElement)).toBe(true);

    await logOut(email);
    expect(await accountButton(email).count()).toBe(0);

    const dialog = await openLogin();
    // The fields were cleared after the successful sign-up.
    expect(await dialog.getByLabel("E-mail").inputValue()).toBe("");
    await dialog.getByLabel("E-mail").fill(email.toUpperCase());
    await dialog.getByLabel("Mot de passe", { exact: true }).fill(PASSWORD);
    await dialog.getByRole("button", { name: "Se Connecter" }).click();
    await dialog.waitFor({ state: "hidden" });
    await accountButton(email).waitFor();
    await page.getByRole("status").getByText("Bienvenue !").waitFor();
  });

  it("keeps the dialog open with a French message after a wrong password", async () => {
    const email = uniqueEmail();
    await page.goto("/");
    await signUpInModal(email);
    await logOut(email);

    const dialog = await openLogin();
    await dialog.getByLabel("E-mail").fill(email);
    await dialog.getByLabel("Mot de passe", { exact: true }).fill("Mauvais-mot-2-passe");
    await dialog.getByRole("button", { name: "Se Connecter" }).click();
    const alert = dialog.getByRole("alert");
    await alert.waitFor();
    expect((await alert.textContent())?.trim()).toBe("E-mail ou mot de passe incorrect.");
    expect(await dialog.isVisible()).toBe(true);
    expect(await dialog.getByRole("button", { name: "Se Connecter" }).isEnabled()).toBe(true);

    // Editing clears the message; the right password then signs in.
    await dialog.getByLabel("Mot de passe", { exact: true }).fill(PASSWORD);
    expect(await dialog.getByRole("alert").count()).toBe(0);
    await dialog.getByRole("button", { name: "Se Connecter" }).click();
    await dialog.waitFor({ state: "hidden" });
    await accountButton(email).waitFor();
  });

  it("shows the sign-up validation messages under the fields and clears them when edited", async () => {
    await page.goto("/");
    await (await openLogin()).getByRole("button", { name: "S'inscrire" }).click();
    const dialog = page.getByRole("dialog", { name: "Inscription" });
    await dialog.getByLabel("E-mail").fill("pas-un-email");
    await dialog.getByLabel("Mot de passe", { exact: true }).fill(PASSWORD);
    await dialog.getByRole("button", { name: "S'inscrire" }).click();

    const firstName = dialog.getByLabel("Prénom");
    const email = dialog.getByLabel("E-mail");
    await dialog.getByText("Le prénom est obligatoire").waitFor();
    await dialog.getByText("Format d'email invalide").waitFor();
    expect(await firstName.getAttribute("aria-invalid")).toBe("true");
    await expect.poll(() => firstName.evaluate((el) => el === document.activeElement)).toBe(true);
    const describedBy = await email.getAttribute("aria-describedby");
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe("Format d'email invalide");

    await firstName.fill("Zoé");
    expect(await dialog.getByText("Le prénom est obligatoire").count()).toBe(0);
    expect(await firstName.getAttribute("aria-invalid")).toBeNull();

    // Markup in a name is refused before anything is sent.
    await firstName.fill("<b>Zoé</b>");
    await email.fill(uniqueEmail());
    await dialog.getByRole("button", { name: "S'inscrire" }).click();
    await dialog.getByText("Caractères non autorisés dans le nom").waitFor();
    expect(await dialog.isVisible()).toBe(true);
  });

  it("is an accessible modal: focus moves in, stays in, Escape and the backdrop close it, focus returns", async () => {
    await page.goto("/");
    const dialog = await openLogin();
    expect(await dialog.getAttribute("aria-modal")).toBe("true");
    await expect.poll(() => dialog.getByLabel("E-mail").evaluate((el) => el === document.activeElement)).toBe(true);

    for (let i = 0; i < 12; i++) {
      await page.keyboard.press("Tab");
      expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Password visibility toggle.
    const password = dialog.getByLabel("Mot de passe", { exact: true });
    const show = dialog.getByRole("button", { name: "Afficher le mot de passe" });
    expect(await show.getAttribute("aria-pressed")).toBe("false");
    await show.click();
    expect(await password.getAttribute("type")).toBe("text");
    const hide = dialog.getByRole("button", { name: "Masquer le mot de passe" });
    expect(await hide.getAttribute("aria-pressed")).toBe("true");
    await hide.click();
    expect(await password.getAttribute("type")).toBe("password");

    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    const opener = header().getByRole("button", { name: "Connexion" });
    await expect.poll(() => opener.evaluate((el) => el === document.activeElement)).toBe(true);

    await opener.click();
    await dialog.waitFor();
    await page.mouse.click(5, 5);
    await dialog.waitFor({ state: "hidden" });

    await opener.click();
    await dialog.getByRole("button", { name: "Fermer" }).click();
    await dialog.waitFor({ state: "hidden" });
  });
});

/** A fresh account with TOTP two-factor switched on through the API: its secret and backup codes. */
async function accountWithTwoFactor(email: string): Promise<{ secret: string; backupCodes: string[] }> {
  const cookie = await signUpCookie(baseURL, email, PASSWORD);
  const headers = { "content-type": "application/json", origin: baseURL, cookie };
  const enabled = await fetch(`${baseURL}/api/auth/two-factor/enable`, {
    method: "POST",
    headers,
    body: JSON.stringify({ password: PASSWORD }),
  });
  expect(enabled.status).toBe(200);
  const { totpURI, backupCodes } = (await enabled.json()) as { totpURI: string; backupCodes: string[] };
  const secret = new URL(totpURI).searchParams.get("secret")!;
  // The first code confirms the authenticator app; from then on sign-in asks for a code.
  const confirmed = await fetch(`${baseURL}/api/auth/two-factor/verify-totp`, {
    method: "POST",
    headers,
    body: JSON.stringify({ code: totp(secret) }),
  });
  expect(confirmed.status).toBe(200);
  return { secret, backupCodes };
}

async function passwordStep(email: string): Promise<Locator> {
  const dialog = await openLogin();
  await dialog.getByLabel("E-mail").fill(email);
  await dialog.getByLabel("Mot de passe", { exact: true }).fill(PASSWORD);
  await dialog.getByRole("button", { name: "Se Connecter" }).click();
  const step = page.getByRole("dialog", { name: "Vérification en deux étapes" });
  await step.waitFor();
  return step;
}

describe("two-factor sign-in and roles", () => {
  it("asks for the authenticator code after the password, refuses a wrong one, accepts the right one", async () => {
    const email = uniqueEmail();
    const { secret } = await accountWithTwoFactor(email);
    await page.goto("/");
    const step = await passwordStep(email);
    const code = step.getByLabel("Code de vérification");
    expect(await code.getAttribute("inputmode")).toBe("numeric");
    expect(await code.getAttribute("autocomplete")).toBe("one-time-code");
    await expect.poll(() => code.evaluate((el) => el === document.activeElement)).toBe(true);

    const wrong = totp(secret) === "000000" ? "111111" : "000000";
    await code.fill(wrong);
    await step.getByRole("button", { name: "Vérifier" }).click();
    await step.getByRole("alert").getByText("Code de vérification incorrect").waitFor();
    expect(await accountButton(email).count()).toBe(0);

    await code.fill(totp(secret));
    await step.getByRole("button", { name: "Vérifier" }).click();
    await step.waitFor({ state: "hidden" });
    await accountButton(email).waitFor();
  });

  it("accepts a backup code instead", async () => {
    const email = uniqueEmail();
    const { backupCodes } = await accountWithTwoFactor(email);
    await page.goto("/");
    const step = await passwordStep(email);
    await step.getByRole("button", { name: "Utiliser un code de secours" }).click();
    await step.getByLabel("Code de vérification").fill(backupCodes[0]);
    await step.getByRole("button", { name: "Vérifier" }).click();
    await step.waitFor({ state: "hidden" });
    await accountButton(email).waitFor();
  });

  it("shows 'Administration' in the account menu to the administrator only", async () => {
    await page.goto("/");
    const dialog = await openLogin();
    await dialog.getByLabel("E-mail").fill(E2E_ADMIN.email);
    await dialog.getByLabel("Mot de passe", { exact: true }).fill(E2E_ADMIN.password);
    await dialog.getByRole("button", { name: "Se Connecter" }).click();
    // Staff use two-factor (decision 066): the owner's code step follows the password.
    const step = page.getByRole("dialog", { name: "Vérification en deux étapes" });
    await step.getByLabel("Code de vérification").fill(totp(e2eShop().adminTotpSecret));
    await step.getByRole("button", { name: "Vérifier" }).click();
    await step.waitFor({ state: "hidden" });
    await accountButton(E2E_ADMIN.email).click();
    expect(await header().getByRole("link", { name: "Administration" }).getAttribute("href")).toBe("/admin");
    // Arrow keys move through the entries.
    await page.keyboard.press("ArrowDown");
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe("Administration");
    await page.keyboard.press("ArrowDown");
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe("Mon tableau de bord");
  });
});

describe("profile", () => {
  it("answers 401 with 'Accès non autorisé' and a way to sign in when signed out", async () => {
    const res = await page.goto("/profile");
    expect(res?.status()).toBe(401);
    expect(res?.headers()["cache-control"]).toContain("no-store");
    await page.getByRole("heading", { name: "Accès non autorisé", level: 1 }).waitFor();
    await openDialogWith(main().getByRole("button", { name: "Se connecter" }), page.getByRole("dialog", { name: "Connexion" }));
  });

  it("edits the phone: a bad value is refused in French, a good one is saved and kept", async () => {
    const email = uniqueEmail();
    await page.goto("/profile");
    await page.getByRole("heading", { name: "Accès non autorisé" }).waitFor();
    await signUpInModal(email, "Zoé", "Martin");
    // Signing in from the page shows the profile at once.
    await page.getByRole("heading", { name: "Mon Profil", level: 1 }).waitFor();
    expect(await page.title()).toBe("Mon Profil | Aurore");
    expect(await page.getByText(email).isVisible()).toBe(true);
    expect(await main().getByText("Zoé", { exact: true }).isVisible()).toBe(true);

    await main().getByRole("button", { name: "Modifier" }).click();
    const phone = main().getByLabel("Téléphone");
    expect(await main().getByLabel("E-mail").getAttribute("readonly")).not.toBeNull();
    await phone.fill("abc");
    await page.getByRole("button", { name: "Enregistrer" }).click();
    await page.getByText("Format de téléphone invalide").waitFor();
    expect(await phone.getAttribute("aria-invalid")).toBe("true");

    await phone.fill("06 12 34 56 78");
    expect(await page.getByText("Format de téléphone invalide").count()).toBe(0);
    await page.getByRole("button", { name: "Enregistrer" }).click();
    await page.getByRole("status").getByText("Profil mis à jour").waitFor();
    await main().getByRole("button", { name: "Modifier" }).waitFor();
    await main().getByText("06 12 34 56 78").waitFor();

    await page.reload();
    await page.getByRole("heading", { name: "Mon Profil", level: 1 }).waitFor();
    await main().getByText("06 12 34 56 78").waitFor();
    expect(await page.getByText("Profil mis à jour").count()).toBe(0);
  });

  it("edits the birth date: a future day and an age under 15 are refused in French, a real one is saved and shown", async () => {
    const email = uniqueEmail();
    await page.goto("/");
    await signUpInModal(email, "Zoé", "Martin");
    await page.goto("/profile");
    await main().getByRole("button", { name: "Modifier" }).click();
    const birthDate = main().getByLabel("Date de naissance");
    await birthDate.fill("2099-01-01");
    await page.getByRole("button", { name: "Enregistrer" }).click();
    await page.getByText("La date de naissance ne peut pas être dans le futur").waitFor();
    expect(await birthDate.getAttribute("aria-invalid")).toBe("true");

    // The action checks again, whatever the browser sent.
    const tooYoung = `${new Date().getFullYear() - 10}-06-15`;
    const res = await page.request.post("/profile", { form: { firstName: "Zoé", lastName: "Martin", phone: "", dateOfBirth: tooYoung } });
    expect(res.status()).toBe(400);
    expect(await res.text()).toContain("Vous devez avoir au moins 15 ans");

    await birthDate.fill("1990-04-12");
    await page.getByRole("button", { name: "Enregistrer" }).click();
    await page.getByRole("status").getByText("Profil mis à jour").waitFor();
    await main().getByText("12 avril 1990").waitFor();
    await page.reload();
    await main().getByText("12 avril 1990").waitFor();
    await main().getByRole("button", { name: "Modifier" }).click();
    expect(await main().getByLabel("Date de naissance").inputValue()).toBe("1990-04-12");
  });

  it("refuses HTML in the first name, in the form and on the server", async () => {
    const email = uniqueEmail();
    await page.goto("/");
    await signUpInModal(email, "Zoé", "Martin");
    await page.goto("/profile");
    await main().getByRole("button", { name: "Modifier" }).click();
    const firstName = main().getByLabel("Prénom");
    await firstName.fill("<b>Zoé</b>");
    await page.getByRole("button", { name: "Enregistrer" }).click();
    await page.getByText("Caractères non autorisés dans le nom").waitFor();
    expect(await firstName.getAttribute("aria-invalid")).toBe("true");

    // The action checks again, whatever the browser sent.
    const res = await page.request.post("/profile", {
      form: { firstName: "<b>Zoé</b>", lastName: "", phone: "abc" },
    });
    expect(res.status()).toBe(400);
    const html = await res.text();
    expect(html).toContain("Caractères non autorisés dans le nom");
    expect(html).toContain("Format de téléphone invalide");
    expect(html).not.toContain("<b>Zoé</b>");

    await page.goto("/profile");
    expect(await main().getByText("Zoé", { exact: true }).isVisible()).toBe(true);
  });
});
