/**
 * Accounts people can recover (decision 042), in a real browser against the e2e shop, reading the
 * mails the shop writes to DATA_DIR/mail: "Mot de passe oublié ?" end to end, the link refused
 * once used or unknown, one answer for an unknown address, every session ended; verification of
 * the address; change of address from the new address with a notice to the old; an address in
 * use refused; a common password refused at sign-up; the header greeting by first name.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { launchBrowser, newShopContext, seriousA11yViolations, signedInContext } from "../../support/browser";
import { signInCookie, signUpCookie } from "../../support/http-session";
import { decodeQuotedPrintable, waitForMail } from "../../support/mail";
import { e2eShop } from "../../support/e2e-shop";

const baseURL = e2eShop().baseURL;
const dataDir = e2eShop().dataDir;
const PASSWORD = "Secret123!Aurore";
const NEW_PASSWORD = "Lavande#Grasse2026";
const RESET_ANSWER =
  "Si un compte existe avec cette adresse, vous allez recevoir un e-mail avec un lien pour choisir un nouveau mot de passe (valable 1 heure).";
const LINK_INVALID =
  "Ce lien de réinitialisation n'est plus valide : il a expiré ou a déjà été utilisé. Demandez un nouveau lien depuis « Mot de passe oublié ? ».";

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

const uniqueEmail = (tag: string) => `e2e-${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;
const header = (p: Page = page): Locator => p.getByRole("banner");

/** The path and query of the first link in a mail matching `pattern`. */
function linkIn(eml: string, pattern: RegExp): string {
  const match = pattern.exec(eml.replace(/=\r?\n/g, ""));
  if (!match) throw new Error(`no link matching ${pattern} in mail`);
  const url = new URL(match[0].replace(/&amp;/g, "&"));
  return `${url.pathname}${url.search}`;
}

/** Clicks until the dialog shows (the button works once hydrated; the dialog's code loads on first use). */
async function openLogin(): Promise<Locator> {
  const dialog = page.getByRole("dialog", { name: "Connexion" });
  await expect
    .poll(
      async () => {
        if (await dialog.isVisible()) return true;
        await header()
          .getByRole("button", { name: "Connexion" })
          .click({ timeout: 1000 })
          .catch(() => undefined);
        await dialog.waitFor({ timeout: 1500 }).catch(() => undefined);
        return dialog.isVisible();
      },
      { timeout: 20_000, interval: 100 },
    )
    .toBe(true);
  return dialog;
}

async function askForReset(email: string): Promise<void> {
  await page.goto("/");
  const login = await openLogin();
  await login.getByRole("button", { name: "Mot de passe oublié ?" }).click();
  const dialog = page.getByRole("dialog", { name: "Mot de passe oublié" });
  await dialog.getByLabel("E-mail").fill(email);
  await dialog.getByRole("button", { name: "Envoyer le lien" }).click();
  await dialog.getByRole("status").getByText(RESET_ANSWER).waitFor();
}

describe("mot de passe oublié", () => {
  it("resets the password from the mailed link, ends every session, and refuses the link a second time", async () => {
    const email = uniqueEmail("reset");
    const cookie = await signUpCookie(baseURL, email, PASSWORD, "Camille");
    // Another browser signed in to the account: its session ends with the reset.
    const other = await signedInContext(browser, baseURL, cookie);
    try {
      const otherPage = await other.newPage();
      await otherPage.goto("/dashboard");
      await otherPage.getByRole("heading", { name: "Mon Compte", level: 1 }).waitFor();

      await askForReset(email);
      const mail = await waitForMail(dataDir, email, "reinitialiser-mot-de-passe");
      expect(mail).toContain("Bonjour Camille");
      const link = linkIn(mail, /https?:\/\/[^\s"<>]+\/reinitialiser-mot-de-passe\?token=[^\s"<>]+/);

      await page.goto(link);
      await page.getByRole("heading", { name: "Réinitialiser votre mot de passe", level: 1 }).waitFor();
      const field = page.getByLabel("Nouveau mot de passe");
      await field.fill("motdepasse");
      const rules = page.getByRole("list", { name: "Critères du mot de passe" });
      expect(await rules.getAttribute("aria-live")).toBe("polite");
      await rules.getByText("Pas un mot de passe courant : non respecté").waitFor();
      await field.fill(NEW_PASSWORD);
      await rules.getByText("Pas un mot de passe courant : respecté").waitFor();
      await rules.getByText("Au moins 12 caractères : respecté").waitFor();
      await page.getByLabel("Confirmer le mot de passe").fill(NEW_PASSWORD);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await page.getByRole("button", { name: "Enregistrer le nouveau mot de passe" }).click();
      await page.getByRole("status").getByText("Votre mot de passe a été modifié. Vous pouvez maintenant vous connecter.").waitFor();

      // The other browser is signed out; the new password works, the old one no longer does.
      await otherPage.goto("/dashboard");
      await otherPage.getByRole("heading", { name: "Connexion requise", level: 1 }).waitFor();
      await expect(signInCookie(baseURL, email, PASSWORD)).rejects.toThrow(/401/);
      expect(await signInCookie(baseURL, email, NEW_PASSWORD)).toContain("session_token");

      // The same link again: refused in French, nothing to fill in.
      const again = await page.goto(link);
      expect(again?.status()).toBe(404);
      await page.getByRole("alert").getByText(LINK_INVALID).waitFor();
      expect(await page.getByLabel("Nouveau mot de passe").count()).toBe(0);
    } finally {
      await other.close();
    }
  });

  it("refuses an unknown or expired token with the French message", async () => {
    const res = await page.goto("/reinitialiser-mot-de-passe?token=expire-ou-inconnu");
    expect(res?.status()).toBe(404);
    await page.getByRole("alert").getByText(LINK_INVALID).waitFor();
    // A token sent with the form all the same changes nothing.
    const post = await page.request.post("/reinitialiser-mot-de-passe?token=x", {
      form: { token: "expire-ou-inconnu", newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    });
    expect(post.status()).toBe(400);
    expect(await post.text()).toContain("plus valide");
  });

  it("gives an unknown address the same answer and sends no mail", async () => {
    const email = uniqueEmail("inconnu");
    await askForReset(email);
    // A known address asked right after: once its mail is written, the outbox worker has passed
    // whatever the first request could have queued.
    const known = uniqueEmail("connu");
    await signUpCookie(baseURL, known, PASSWORD, "Camille");
    await askForReset(known);
    await waitForMail(dataDir, known, "reinitialiser-mot-de-passe");
    const mailDir = path.join(dataDir, "mail");
    const sent = fs.existsSync(mailDir)
      ? fs
          .readdirSync(mailDir)
          .filter((f) => decodeQuotedPrintable(fs.readFileSync(path.join(mailDir, f), "utf8")).includes(`To: ${email}`))
      : [];
    expect(sent).toEqual([]);
  });
});

describe("sign-up and greeting", () => {
  it("refuses a common password with the French message, then greets by first name and verifies the address by link", async () => {
    const email = uniqueEmail("inscription");
    await page.goto("/");
    const login = await openLogin();
    await login.getByRole("button", { name: "S'inscrire" }).click();
    const dialog = page.getByRole("dialog", { name: "Inscription" });
    await dialog.getByLabel("Prénom").fill("Camille");
    await dialog.getByLabel("Nom", { exact: true }).fill("Roux");
    await dialog.getByLabel("E-mail").fill(email);
    const consent = dialog.getByRole("group", { name: "Offres et newsletter" });
    await consent.getByText("Vous pouvez le refuser dès maintenant").waitFor();
    expect(await consent.getByLabel("Je m'inscris à la newsletter Aurore (à confirmer depuis le lien reçu)").isChecked()).toBe(false);
    expect(await consent.getByLabel("Je ne souhaite pas recevoir les offres commerciales d'Aurore").isChecked()).toBe(false);
    await dialog.getByLabel("Mot de passe", { exact: true }).fill("Motdepasse123!");
    await dialog.getByRole("button", { name: "S'inscrire" }).click();
    await dialog.getByText("Ce mot de passe est trop courant et facile à deviner : choisissez-en un autre.").waitFor();

    await dialog.getByLabel("Mot de passe", { exact: true }).fill(NEW_PASSWORD);
    await dialog.getByRole("button", { name: "S'inscrire" }).click();
    await dialog.waitFor({ state: "hidden" });
    await header().getByRole("button", { name: "Mon compte : Bonjour Camille" }).waitFor();

    // Not verified yet: shopping goes on, the account shows a reminder.
    await page.goto("/dashboard");
    const reminder = page.getByRole("region", { name: "Confirmation de l'adresse e-mail" });
    await reminder.getByText(email).waitFor();
    await page.getByText("Bonjour Camille").first().waitFor();
    const mail = await waitForMail(dataDir, email, "verify-email");
    expect(mail).toContain("Bonjour Camille");
    await page.goto(linkIn(mail, /https?:\/\/[^\s"<>]+\/api\/auth\/verify-email\?token=[^\s"<>]+/));
    await page.getByRole("status").getByText("Votre adresse e-mail est confirmée.").waitFor();
    expect(await page.getByRole("region", { name: "Confirmation de l'adresse e-mail" }).count()).toBe(0);
  });
});

describe("change of e-mail address", () => {
  it("changes the address once the new address confirms it, with a notice to the old one", async () => {
    const oldEmail = uniqueEmail("ancienne");
    const newEmail = uniqueEmail("nouvelle");
    const cookie = await signUpCookie(baseURL, oldEmail, PASSWORD, "Camille");
    const ctx = await signedInContext(browser, baseURL, cookie);
    try {
      const p = await ctx.newPage();
      await p.goto("/dashboard?tab=security");
      await p.getByLabel("Nouvelle adresse e-mail").fill(newEmail);
      await p.getByRole("button", { name: "Changer d'adresse e-mail" }).click();
      await p.getByText("Un lien de confirmation a été envoyé à votre nouvelle adresse.", { exact: false }).waitFor();

      const notice = await waitForMail(dataDir, oldEmail, newEmail);
      expect(notice).toContain("Demande de changement");
      const confirm = await waitForMail(dataDir, newEmail, "verify-email");
      // Still the old address until the link is opened.
      await p.reload();
      await p.getByText(`Adresse actuelle : ${oldEmail}`).waitFor();

      await p.goto(linkIn(confirm, /https?:\/\/[^\s"<>]+\/api\/auth\/verify-email\?token=[^\s"<>]+/));
      await p.getByRole("status").getByText("Votre adresse e-mail est confirmée.").waitFor();
      await p.goto("/dashboard?tab=security");
      await p.getByText(`Adresse actuelle : ${newEmail}`).waitFor();
      expect(await signInCookie(baseURL, newEmail, PASSWORD)).toContain("session_token");
    } finally {
      await ctx.close();
    }
  });

  it("refuses an address another account already uses", async () => {
    const taken = uniqueEmail("prise");
    await signUpCookie(baseURL, taken, PASSWORD, "Léa");
    const cookie = await signUpCookie(baseURL, uniqueEmail("demande"), PASSWORD, "Camille");
    const ctx = await signedInContext(browser, baseURL, cookie);
    try {
      const p = await ctx.newPage();
      await p.goto("/dashboard?tab=security");
      await p.getByLabel("Nouvelle adresse e-mail").fill(taken.toUpperCase());
      await p.getByRole("button", { name: "Changer d'adresse e-mail" }).click();
      await p.getByText("Cette adresse e-mail est déjà utilisée par un autre compte.").waitFor();
    } finally {
      await ctx.close();
    }
  });
});
