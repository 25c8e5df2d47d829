import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { launchBrowser, seriousA11yViolations, newShopContext } from "../../support/browser";
import { uniqueEmail } from "../../support/accounts";
import { totp } from "../../support/totp";
import { e2eShop } from "../../support/e2e-shop";

const baseURL = e2eShop().baseURL;
const PASSWORD = "Secret-Aurore1";
const IPHONE_UA =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";

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
  context = await newShopContext(browser, baseURL, { permissions: ["clipboard-read", "clipboard-write"] });
  page = await context.newPage();
});
afterEach(async () => {
  await context?.close();
});

/** Auth API calls from the page's own request context: the browser keeps the cookies they set. */
async function api(path: string, data: Record<string, unknown> = {}) {
  const res = await page.request.post(`/api/auth${path}`, { data, headers: { Origin: baseURL } });
  return { status: res.status(), body: (await res.json().catch(() => null)) as Record<string, unknown> | null };
}

async function signUp(email = uniqueEmail("securite"), password = PASSWORD): Promise<string> {
  const res = await api("/sign-up/email", { email, password, name: "Camille Durand", firstName: "Camille", lastName: "Durand" });
  expect(res.status).toBe(200);
  return email;
}

/** A sign-in outside the browser (another device): returns its session cookie, or null. */
async function signInElsewhere(email: string, password: string, userAgent = IPHONE_UA): Promise<string | null> {
  const res = await fetch(`${baseURL}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: baseURL, "User-Agent": userAgent },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) return null;
  const cookie = res.headers.getSetCookie().find((c) => c.includes("session_token="));
  return cookie ? cookie.split(";")[0] : null;
}

async function isSignedIn(cookie: string): Promise<boolean> {
  const res = await fetch(`${baseURL}/api/v1/me`, { headers: { cookie } });
  return res.status === 200;
}

async function openSecurityTab() {
  await page.goto("/dashboard?tab=security");
  await page.getByRole("heading", { name: "Sécurité du Compte" }).waitFor();
}

async function openTile(name: string): Promise<Locator> {
  await page.getByRole("button", { name }).click();
  const dialog = page.getByRole("dialog", { name });
  await dialog.waitFor();
  return dialog;
}

describe("account dashboard", () => {
  it("asks a visitor to sign in, with status 401", async () => {
    const res = await page.goto("/dashboard");
    expect(res?.status()).toBe(401);
    expect(await page.getByRole("heading", { name: "Connexion requise" }).isVisible()).toBe(true);
  });

  it("shows the account, one address per tab, the empty states and signs out", async () => {
    const email = await signUp();
    const res = await page.goto("/dashboard");
    expect(res?.status()).toBe(200);
    expect(res?.headers()["cache-control"]).toBe("private, no-store");
    expect(await page.title()).toBe("Mon Compte | Aurore");
    expect(await page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex");
    const main = page.getByRole("main");
    await main.getByRole("heading", { name: "Mon Compte", level: 1 }).waitFor();
    expect(await main.getByText(email).first().isVisible()).toBe(true);

    const nav = page.getByRole("navigation", { name: "Mon compte" });
    const labels = await nav.getByRole("link").allTextContents();
    expect(labels).toEqual([
      "Profil",
      "Mes Commandes",
      "Carnet d'adresses",
      "Mes Favoris",
      "Moyens de Paiement",
      "Notifications",
      "Support Client",
      "Sécurité",
      "Préférences",
    ]);
    expect(await nav.getByRole("link", { name: "Profil" }).getAttribute("aria-current")).toBe("page");
    expect(await main.getByRole("link", { name: "Modifier mon profil" }).getAttribute("href")).toBe("/profile");

    await nav.getByRole("link", { name: "Mes Commandes" }).click();
    await page.waitForURL(/\/dashboard\?tab=orders$/);
    await main.getByText("Aucune commande", { exact: true }).waitFor();
    expect(await main.getByRole("link", { name: "Découvrir nos produits" }).getAttribute("href")).toBe("/products");
    expect(await nav.getByRole("link", { name: "Mes Commandes" }).getAttribute("aria-current")).toBe("page");

    const empty: [string, string][] = [
      ["addresses", "Aucune adresse enregistrée"],
      ["wishlist", "Aucun favori pour le moment"],
      ["payment", "Aucun moyen de paiement"],
      ["notifications", "Aucune notification"],
      ["support", "Aucun ticket de support"],
    ];
    for (const [tab, text] of empty) {
      await page.goto(`/dashboard?tab=${tab}`);
      await main.getByText(text, { exact: true }).waitFor();
    }

    await page.goto("/dashboard?tab=security");
    await page.reload();
    await main.getByRole("heading", { name: "Sécurité du Compte" }).waitFor();
    expect(await nav.getByRole("link", { name: "Sécurité" }).getAttribute("aria-current")).toBe("page");
    expect(await seriousA11yViolations(page)).toEqual([]);

    await main.getByRole("button", { name: "Déconnexion" }).click();
    await page.waitForURL((u) => u.pathname === "/");
    const after = await page.goto("/dashboard");
    expect(after?.status()).toBe(401);
  });

  it("opens accessible dialogs: labelled, Escape closes, focus comes back", async () => {
    await signUp();
    await openSecurityTab();
    const tile = page.getByRole("button", { name: "Changer le mot de passe" });
    const dialog = await openTile("Changer le mot de passe");
    expect(await dialog.getAttribute("aria-modal")).toBe("true");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("currentPassword");
    // Tab never leaves the dialog.
    for (let i = 0; i < 8; i++) await page.keyboard.press("Tab");
    expect(await page.evaluate(() => !!document.activeElement?.closest("dialog"))).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    expect(await tile.evaluate((el) => el === document.activeElement)).toBe(true);
  });
});

describe("password change", () => {
  it("refuses a wrong current password, then changes it and signs the other devices out", async () => {
    const email = await signUp();
    const otherDevice = await signInElsewhere(email, PASSWORD);
    expect(otherDevice && (await isSignedIn(otherDevice))).toBe(true);
    await openSecurityTab();
    const dialog = await openTile("Changer le mot de passe");
    const submit = dialog.getByRole("button", { name: "Mettre à jour le mot de passe" });
    const newPassword = "Nouveau-Secret9";

    await dialog.getByLabel("Mot de passe actuel").fill("Mauvais-Secret1");
    await dialog.getByLabel("Nouveau mot de passe", { exact: true }).fill("faible");
    expect(await dialog.getByRole("listitem").filter({ hasText: "Une lettre majuscule" }).textContent()).toContain("non respecté");
    await dialog.getByLabel("Confirmer le nouveau mot de passe").fill("faible");
    expect(await submit.isDisabled()).toBe(true);
    await dialog.getByLabel("Nouveau mot de passe", { exact: true }).fill(newPassword);
    expect(await dialog.getByText("Les mots de passe ne correspondent pas").isVisible()).toBe(true);
    expect(await submit.isDisabled()).toBe(true);
    await dialog.getByLabel("Confirmer le nouveau mot de passe").fill(newPassword);
    expect(await dialog.getByRole("listitem").filter({ hasText: "Un caractère spécial" }).textContent()).toContain("respecté");
    expect(await submit.isEnabled()).toBe(true);
    await submit.click();
    await dialog.getByRole("alert").filter({ hasText: "Mot de passe actuel incorrect" }).waitFor();

    await dialog.getByLabel("Mot de passe actuel").fill(PASSWORD);
    await submit.click();
    await dialog.getByText("Mot de passe modifié avec succès").waitFor();
    await dialog.waitFor({ state: "detached", timeout: 5000 });

    // Still signed in here, signed out elsewhere; only the new password works.
    await page.reload();
    await page.getByRole("heading", { name: "Sécurité du Compte" }).waitFor();
    expect(await isSignedIn(otherDevice!)).toBe(false);
    expect(await signInElsewhere(email, PASSWORD)).toBeNull();
    expect(await signInElsewhere(email, newPassword)).not.toBeNull();
  });
});

describe("two-factor authentication", () => {
  it("activates with a locally drawn QR code, then asks for a code at sign-in; a backup code works once", async () => {
    const email = await signUp();
    await openSecurityTab();
    let dialog = await openTile("Authentification à deux facteurs");
    await dialog.getByLabel("Mot de passe").fill("Mauvais-Secret1");
    await dialog.getByRole("button", { name: "Configurer le 2FA" }).click();
    await dialog.getByRole("alert").filter({ hasText: "Mot de passe actuel incorrect" }).waitFor();
    await dialog.getByLabel("Mot de passe").fill(PASSWORD);
    await dialog.getByRole("button", { name: "Configurer le 2FA" }).click();

    const secretBox = dialog.getByTestId("totp-secret");
    await secretBox.waitFor();
    const secret = (await secretBox.textContent())!.trim();
    expect(secret).toMatch(/^[A-Z2-7]{32,}$/);
    expect(
      await dialog
        .getByRole("img", { name: /QR code/ })
        .locator("svg")
        .count(),
    ).toBe(1);
    expect(
      await page
        .locator("img[src^='http']")
        .evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).src).filter((s) => !s.startsWith(location.origin))),
    ).toEqual([]);

    // Not active until a code is verified: the password alone still signs in.
    const beforeVerify = await signInElsewhere(email, PASSWORD);
    expect(beforeVerify).not.toBeNull();

    const codeInput = dialog.getByLabel("Code de vérification");
    await codeInput.fill("12ab34");
    expect(await codeInput.inputValue()).toBe("1234");
    const wrong = totp(secret) === "000000" ? "111111" : "000000";
    await codeInput.fill(wrong);
    await dialog.getByRole("button", { name: "Vérifier et activer" }).click();
    await dialog.getByRole("alert").filter({ hasText: "Code de vérification incorrect" }).waitFor();
    await codeInput.fill(totp(secret));
    await dialog.getByRole("button", { name: "Vérifier et activer" }).click();
    await dialog.getByText("L'authentification à deux facteurs est activée.").waitFor();
    const backupCodes = (await dialog.getByRole("list", { name: "Codes de secours" }).getByRole("listitem").allTextContents()).map((c) =>
      c.trim(),
    );
    expect(backupCodes).toHaveLength(8);
    await dialog.getByRole("button", { name: "Copier" }).click();
    await dialog.getByRole("button", { name: "Copié !" }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(backupCodes.join("\n"));
    await dialog.getByRole("button", { name: "Copier" }).waitFor({ timeout: 4000 });
    await dialog.getByRole("button", { name: "Terminer" }).click();
    await dialog.waitFor({ state: "detached" });
    expect(await page.getByRole("button", { name: /Authentification à deux facteurs/ }).textContent()).toContain("Activée");

    // Password then code.
    expect((await api("/sign-out")).status).toBe(200);
    const step1 = await api("/sign-in/email", { email, password: PASSWORD });
    expect(step1.status).toBe(200);
    expect(step1.body?.twoFactorRedirect).toBe(true);
    expect((await api("/two-factor/verify-totp", { code: wrong })).status).toBe(401);
    expect((await api("/two-factor/verify-totp", { code: totp(secret) })).status).toBe(200);
    await openSecurityTab();

    // A backup code works once.
    expect((await api("/sign-out")).status).toBe(200);
    expect((await api("/sign-in/email", { email, password: PASSWORD })).body?.twoFactorRedirect).toBe(true);
    expect((await api("/two-factor/verify-backup-code", { code: backupCodes[0] })).status).toBe(200);
    expect((await api("/sign-out")).status).toBe(200);
    expect((await api("/sign-in/email", { email, password: PASSWORD })).body?.twoFactorRedirect).toBe(true);
    expect((await api("/two-factor/verify-backup-code", { code: backupCodes[0] })).status).toBe(401);
    expect((await api("/two-factor/verify-backup-code", { code: backupCodes[1] })).status).toBe(200);

    // Disabling asks for confirmation, the password and a valid code.
    await openSecurityTab();
    dialog = await openTile("Authentification à deux facteurs");
    await dialog.getByRole("button", { name: "Désactiver" }).click();
    await dialog.getByText("Êtes-vous sûr de vouloir désactiver").waitFor();
    await dialog.getByLabel("Mot de passe").fill(PASSWORD);
    await dialog.getByLabel("Code de vérification").fill(wrong);
    await dialog.getByRole("button", { name: "Confirmer la désactivation" }).click();
    await dialog.getByRole("alert").filter({ hasText: "Code de vérification incorrect" }).waitFor();
    await dialog.getByLabel("Code de vérification").fill(totp(secret));
    await dialog.getByRole("button", { name: "Confirmer la désactivation" }).click();
    await dialog.getByRole("button", { name: "Configurer le 2FA" }).waitFor();
    expect((await api("/sign-out")).status).toBe(200);
    const plain = await api("/sign-in/email", { email, password: PASSWORD });
    expect(plain.status).toBe(200);
    expect(plain.body?.twoFactorRedirect).toBeUndefined();
  });
});

describe("active sessions", () => {
  it("lists the devices, ends one, then all the others, then the current one", async () => {
    const email = await signUp();
    const phone = await signInElsewhere(email, PASSWORD);
    await openSecurityTab();
    let dialog = await openTile("Sessions actives");
    const items = dialog.getByRole("list", { name: "Sessions actives" }).getByRole("listitem");
    expect(await items.count()).toBe(2);
    expect(await items.first().getByText("Session actuelle").isVisible()).toBe(true);
    const phoneItem = items.filter({ hasText: "Mobile · Safari · iOS" });
    expect(await phoneItem.getByText(/Début de session : \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/).isVisible()).toBe(true);
    await phoneItem.getByRole("button", { name: /^Terminer/ }).click();
    await phoneItem.getByRole("button", { name: "Annuler" }).click();
    expect(await items.count()).toBe(2);
    await phoneItem.getByRole("button", { name: /^Terminer/ }).click();
    await phoneItem.getByRole("button", { name: "Confirmer" }).click();
    await dialog.getByText("Session terminée").waitFor();
    await expect.poll(() => items.count()).toBe(1);
    expect(await isSignedIn(phone!)).toBe(false);

    const tablet = await signInElsewhere(email, PASSWORD);
    const laptop = await signInElsewhere(email, PASSWORD, "Mozilla/5.0 (Windows NT 10.0; Win64; x64) Firefox/128.0");
    await openSecurityTab();
    dialog = await openTile("Sessions actives");
    expect(await items.count()).toBe(3);
    await dialog.getByRole("button", { name: "Terminer toutes les autres sessions" }).click();
    await dialog.getByRole("button", { name: "Confirmer" }).click();
    await dialog.getByText("Toutes les autres sessions ont été terminées").waitFor();
    await expect.poll(() => items.count()).toBe(1);
    expect(await isSignedIn(tablet!)).toBe(false);
    expect(await isSignedIn(laptop!)).toBe(false);

    await items
      .first()
      .getByRole("button", { name: /^Terminer/ })
      .click();
    await items.first().getByRole("button", { name: "Confirmer" }).click();
    await page.getByRole("heading", { name: "Connexion requise" }).waitFor();
  });
});

describe("login history", () => {
  it("shows a failed attempt after a wrong password and the successful sign-in", async () => {
    const email = await signUp();
    expect(await signInElsewhere(email, "Mauvais-Secret1")).toBeNull();
    expect((await api("/sign-in/email", { email, password: PASSWORD })).status).toBe(200);
    await openSecurityTab();
    const table = page.getByRole("table");
    const rows = table.getByRole("row");
    expect(await rows.count()).toBe(3);
    const failed = rows.filter({ hasText: "Échouée" });
    expect(await failed.count()).toBe(1);
    expect(await failed.getByRole("cell").allTextContents()).toEqual([
      expect.stringMatching(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/),
      "Échouée",
      "Mobile",
      "Safari",
      "iOS",
      expect.any(String),
      "Inconnu",
      "Inconnu",
    ]);
    expect(await rows.filter({ hasText: "Réussie" }).count()).toBe(1);
  });

  it("says so when there is no history yet", async () => {
    await signUp();
    await openSecurityTab();
    expect(await page.getByText("Aucun historique disponible").isVisible()).toBe(true);
  });
});

describe("preferences", () => {
  it("saves the theme and a switch, keeps them on reload and draws the shop in dark", async () => {
    await signUp();
    await page.goto("/dashboard?tab=preferences");
    const main = page.getByRole("main");
    await main.getByRole("heading", { name: "Préférences" }).waitFor();
    expect(await page.locator("html").getAttribute("data-theme")).toBe("light");
    const theme = main.getByLabel("Thème");
    expect(await theme.inputValue()).toBe("light");
    const newsletter = main.getByRole("switch", { name: "Newsletter" });
    const promotions = main.getByRole("switch", { name: "Promotions" });
    expect(await newsletter.isChecked()).toBe(false);
    expect(await promotions.isChecked()).toBe(true);
    expect(await main.getByRole("switch", { name: "Invitations à donner mon avis" }).isChecked()).toBe(true);
    await main
      .getByText(
        "Les e-mails indispensables sont toujours envoyés : confirmation de commande, réinitialisation du mot de passe et alertes de sécurité.",
      )
      .waitFor();
    expect(await main.getByLabel("Langue").inputValue()).toBe("fr");
    expect(await main.getByLabel("Devise").inputValue()).toBe("EUR");
    expect(await main.getByLabel("Fuseau horaire").inputValue()).toBe("Europe/Paris");
    // Options that did nothing are gone; the languages offered are the translated ones.
    expect(await main.getByLabel("Visibilité du profil").count()).toBe(0);
    expect(await main.getByRole("switch", { name: "Afficher mon historique d'achats" }).count()).toBe(0);
    expect(await main.getByLabel("Langue").locator("option").allTextContents()).toEqual(["Français", "English"]);

    await theme.selectOption("dark");
    await newsletter.check();
    await main.getByRole("button", { name: "Enregistrer les préférences" }).click();
    // The newsletter switch is the real subscription: its double opt-in mail is sent.
    await page
      .getByRole("status")
      .filter({ hasText: "Préférences enregistrées. Confirmez votre inscription à la newsletter avec le lien envoyé par e-mail." })
      .waitFor();
    await page.locator('html[data-theme="dark"]').waitFor({ state: "attached" });

    await page.reload();
    expect(await page.locator("html").getAttribute("data-theme")).toBe("dark");
    expect(await main.getByLabel("Thème").inputValue()).toBe("dark");
    expect(await main.getByRole("switch", { name: "Newsletter" }).isChecked()).toBe(true);
    await main.getByText("Inscription en attente : ouvrez le lien de confirmation reçu par e-mail.").waitFor();
    expect(await main.getByRole("switch", { name: "Promotions" }).isChecked()).toBe(true);
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).toBe("rgb(23, 20, 18)");
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.goto("/");
    expect(await page.locator("html").getAttribute("data-theme")).toBe("dark");
  });
});

describe("security report", () => {
  it("requires a type and a description, then sends and closes", async () => {
    await signUp();
    await openSecurityTab();
    const dialog = await openTile("Signaler un problème de sécurité");
    expect(await dialog.getByLabel("Urgence").inputValue()).toBe("medium");
    const message = "Veuillez sélectionner un type de problème et fournir une description";
    await dialog.getByRole("button", { name: "Envoyer le rapport" }).click();
    await dialog.getByRole("alert").filter({ hasText: message }).waitFor();
    await dialog.getByLabel("Type de problème").selectOption("unknown_device");
    await dialog.getByLabel("Description").fill("    ");
    await dialog.getByRole("button", { name: "Envoyer le rapport" }).click();
    await dialog.getByRole("alert").filter({ hasText: message }).waitFor();
    await dialog.getByLabel("Description").fill("Un appareil inconnu apparaît dans mes sessions.");
    await dialog.getByRole("button", { name: "Envoyer le rapport" }).click();
    await dialog.getByText("Votre rapport a bien été envoyé (ticket SAV-").waitFor();
    await dialog.waitFor({ state: "detached", timeout: 6000 });
  });
});
