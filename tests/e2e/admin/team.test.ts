import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchBrowser, seriousA11yViolations, signedInContext, waitForHydration } from "../../support/browser";
import { E2E_ADMIN, uniqueEmail } from "../../support/accounts";
import { signInCookie, signUpCookie } from "../../support/http-session";
import { waitForMail } from "../../support/mail";
import { e2eShop } from "../../support/e2e-shop";
import { PASSWORD_POLICY_MESSAGE } from "~/domain/auth/password-policy";
import {
  INVITATION_USED_MESSAGE,
  INVITE_SHOPPER_MESSAGE,
  PERMISSION_UNKNOWN_MESSAGE,
  ROLE_EMPTY_MESSAGE,
} from "~/domain/staff/staff-messages";
import { TEAM_MESSAGES } from "~/domain/staff/team-forms";

const SELF_DISABLE_MESSAGE = TEAM_MESSAGES.selfDisable;

/**
 * Paramètres > Équipe (decision 066), on a phone's width: the owner invites a colleague, who
 * opens the mailed link, creates their account and lands on two-factor enrolment; the owner
 * changes their role and disables them (their session ends at once); a custom role is created,
 * edited and deleted; nobody disables themselves; the refund limit is typed in euros.
 */
const { baseURL, dataDir } = e2eShop();
const run = Date.now().toString(36);
const PAGE = "/admin/parametres/equipe";
const PASSWORD = "Equipe-Aurore-2026!";

let browser: Browser;
let owner: string;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  owner = await signInCookie(baseURL, E2E_ADMIN.email, E2E_ADMIN.password);
  context = await signedInContext(browser, baseURL, owner, { viewport: { width: 390, height: 844 } });
  page = await context.newPage();
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

async function openTeam() {
  await page.goto(PAGE);
  await waitForHydration(page);
}

/** The page's card of a member, found by their name. */
const memberCard = (name: string) => page.getByRole("listitem", { name: new RegExp(name) });

/** Whether the page scrolls sideways (it must not, at 390 px). */
const scrollsSideways = (p: Page) => p.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

async function post(cookie: string | null, body: Record<string, string | string[]>) {
  const form = new URLSearchParams();
  for (const [name, value] of Object.entries(body)) for (const v of [value].flat()) form.append(name, v);
  const res = await fetch(`${baseURL}${PAGE}.data`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: baseURL, "content-type": "application/x-www-form-urlencoded", ...(cookie ? { cookie } : {}) },
    body: form,
  });
  return { status: res.status, text: await res.text() };
}

describe("Paramètres > Équipe", () => {
  it("is the owner's: a visitor is sent to sign in, a shopper refused", async () => {
    const visitor = await fetch(`${baseURL}${PAGE}`, { redirect: "manual" });
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("location")).toBe(`/admin/connexion?retour=${encodeURIComponent(PAGE)}`);
    const shopper = await signUpCookie(baseURL, uniqueEmail("equipe"));
    expect((await fetch(`${baseURL}${PAGE}`, { headers: { cookie: shopper } })).status).toBe(403);
    expect((await post(shopper, { intent: "invite", email: uniqueEmail("x"), role: "logistics" })).status).toBe(403);
  });

  it("invites a colleague, who joins, is given another role, disabled and enabled again", async () => {
    await openTeam();
    await expect(page.getByRole("heading", { level: 1, name: "Équipe" }).isVisible()).resolves.toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(await scrollsSideways(page)).toBe(false);

    // A shopper's address is refused with the way forward.
    const shopperEmail = uniqueEmail("client-equipe");
    await signUpCookie(baseURL, shopperEmail);
    await page.getByLabel("Adresse e-mail professionnelle").fill(shopperEmail);
    await page.getByRole("combobox", { name: "Rôle", exact: true }).selectOption({ label: "Logistique" });
    await page.getByRole("button", { name: "Inviter", exact: true }).click();
    await page.getByText(INVITE_SHOPPER_MESSAGE).waitFor();

    const email = uniqueEmail(`equipe-${run}`);
    await page.getByLabel("Adresse e-mail professionnelle").fill(email);
    await page.getByRole("button", { name: "Inviter", exact: true }).click();
    await page.getByText(`Invitation envoyée à ${email}`).waitFor();
    await page.getByRole("button", { name: `Retirer l'invitation de ${email}` }).waitFor();

    const mail = await waitForMail(dataDir, email, "/admin/invitation?token=");
    expect(mail).toContain("avec le rôle « Logistique »");
    expect(mail).toContain("La double authentification est obligatoire");
    const link = /(http[^\s"<>]+\/admin\/invitation\?token=[\w%-]+)/.exec(mail)?.[1];
    expect(link).toBeDefined();
    const path = new URL(link!).pathname + new URL(link!).search;

    // The invitee, in a browser of their own.
    const invitee = await signedInContext(browser, baseURL, null, { viewport: { width: 390, height: 844 } });
    const joining = await invitee.newPage();
    await joining.goto(path);
    await waitForHydration(joining);
    await joining.getByRole("heading", { name: "Rejoindre l'équipe" }).waitFor();
    expect(await joining.getByLabel("Adresse e-mail").inputValue()).toBe(email);
    await joining.getByText("« Logistique »").waitFor();
    expect(await seriousA11yViolations(joining)).toEqual([]);
    expect(await scrollsSideways(joining)).toBe(false);
    const lastName = `Durand ${run}`;
    await joining.getByLabel("Prénom").fill("Inès");
    await joining.getByLabel(/^Nom/).fill(lastName);
    await joining.getByLabel(/^Mot de passe/).fill("trop court");
    await joining.getByLabel("Confirmation du mot de passe").fill("trop court");
    await joining.getByRole("button", { name: "Créer mon compte" }).click();
    await joining.getByText(PASSWORD_POLICY_MESSAGE).waitFor();
    expect(await joining.getByLabel("Prénom").inputValue()).toBe("Inès");
    await joining.getByLabel(/^Mot de passe/).fill(PASSWORD);
    await joining.getByLabel("Confirmation du mot de passe").fill(PASSWORD);
    await joining.getByRole("button", { name: "Créer mon compte" }).click();
    await joining.waitForURL((url) => url.pathname === "/admin/double-authentification" && url.searchParams.get("retour") === "/admin");
    // Signed in as staff, who must enrol in two-factor before seeing anything.
    const memberCookie = (await invitee.cookies())
      .filter((c) => c.name.includes("better-auth"))
      .map((c) => `${c.name}=${c.value}`)
      .join("; ");
    const admin = await fetch(`${baseURL}/admin`, { headers: { cookie: memberCookie }, redirect: "manual" });
    expect(admin.status).toBe(302);
    expect(admin.headers.get("location")).toBe(`/admin/double-authentification?retour=${encodeURIComponent("/admin")}`);
    // The link served once.
    await joining.goto(path);
    await joining.getByText(INVITATION_USED_MESSAGE).waitFor();
    await invitee.close();

    // The owner sees the new member, without two-factor yet, and gives them another role.
    await openTeam();
    const card = memberCard(`Inès ${lastName}`);
    await card.getByText("Pas encore activée").waitFor();
    await card.getByRole("combobox", { name: `Rôle de Inès ${lastName}` }).selectOption({ label: "Marketing" });
    await card.getByRole("button", { name: `Changer le rôle de Inès ${lastName}` }).click();
    await page.getByText(`Inès ${lastName} a désormais le rôle « Marketing »`).waitFor();

    // Disabled: their session ends at once.
    await card.getByRole("button", { name: `Désactiver Inès ${lastName}` }).click();
    const dialog = page.getByRole("dialog", { name: `Désactiver Inès ${lastName}` });
    await dialog.getByRole("button", { name: "Désactiver le compte" }).click();
    await card.getByText("Désactivé", { exact: true }).waitFor();
    const after = await fetch(`${baseURL}/admin`, { headers: { cookie: memberCookie }, redirect: "manual" });
    expect(after.status).toBe(302);
    expect(after.headers.get("location")).toMatch(/^\/admin\/connexion\?retour=/);

    await card.getByRole("button", { name: `Réactiver Inès ${lastName}` }).click();
    await card.getByText("Actif", { exact: true }).waitFor();
    expect(await scrollsSideways(page)).toBe(false);
  });

  it("withdraws a pending invitation: its link stops working", async () => {
    await openTeam();
    const email = uniqueEmail(`retrait-${run}`);
    await page.getByLabel("Adresse e-mail professionnelle").fill(email);
    await page.getByRole("combobox", { name: "Rôle", exact: true }).selectOption({ label: "Comptable" });
    await page.getByRole("button", { name: "Inviter", exact: true }).click();
    await page.getByText(`Invitation envoyée à ${email}`).waitFor();
    const mail = await waitForMail(dataDir, email, "/admin/invitation?token=");
    const link = new URL(/(http[^\s"<>]+\/admin\/invitation\?token=[\w%-]+)/.exec(mail)![1]);
    await page.getByRole("button", { name: `Retirer l'invitation de ${email}` }).click();
    await page.getByText(`Invitation de ${email} retirée : son lien ne fonctionne plus`).waitFor();
    await page.getByRole("button", { name: `Retirer l'invitation de ${email}` }).waitFor({ state: "detached" });
    const opened = await fetch(`${baseURL}${link.pathname}${link.search}`);
    expect(opened.status).toBe(409);
    expect(await opened.text()).toContain("Cette invitation a déjà servi");
  });

  it("creates, edits and deletes a custom role from the permissions", async () => {
    await openTeam();
    const name = `Préparation ${run}`;
    await page.getByRole("button", { name: "Créer un rôle" }).click();
    const dialog = page.getByRole("dialog", { name: "Créer un rôle" });
    await dialog.getByLabel("Nom du rôle").fill(name);
    await dialog.getByRole("button", { name: "Créer le rôle" }).click();
    await dialog.getByText(ROLE_EMPTY_MESSAGE).waitFor();
    await dialog.getByRole("checkbox", { name: "Commandes : préparer et expédier" }).check();
    await dialog.getByRole("checkbox", { name: "Stock : ajuster" }).check();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await dialog.getByRole("button", { name: "Créer le rôle" }).click();
    await page.getByText(`Rôle « ${name} » créé`).waitFor();
    await dialog.waitFor({ state: "detached" });

    await page.getByRole("button", { name: `Modifier le rôle ${name}` }).click();
    const edit = page.getByRole("dialog", { name: `Modifier le rôle ${name}` });
    expect(await edit.getByRole("checkbox", { name: "Stock : ajuster" }).isChecked()).toBe(true);
    await edit.getByRole("checkbox", { name: "Stock : ajuster" }).uncheck();
    await edit.getByLabel("Nom du rôle").fill(`${name} bis`);
    await edit.getByRole("button", { name: "Enregistrer le rôle" }).click();
    await page.getByText(`Rôle « ${name} bis » enregistré`).waitFor();

    await page.getByRole("button", { name: `Supprimer le rôle ${name} bis` }).click();
    await page
      .getByRole("dialog", { name: `Supprimer le rôle ${name} bis` })
      .getByRole("button", { name: "Supprimer le rôle" })
      .click();
    await page.getByText(`Rôle « ${name} bis » supprimé`).waitFor();
    await page.getByRole("button", { name: `Modifier le rôle ${name} bis` }).waitFor({ state: "detached" });
  });

  it("refuses a forged permission and an unknown intent, in French", async () => {
    const forged = await post(owner, { intent: "role-create", name: `Forgé ${run}`, permissions: ["orders.read", "orders.fly"] });
    expect(forged.status).toBe(400);
    expect(forged.text).toContain(PERMISSION_UNKNOWN_MESSAGE);
    const unknown = await post(owner, { intent: "drop-everything" });
    expect(unknown.status).toBe(400);
  });

  it("offers nobody the disabling of their own account, and refuses it over HTTP", async () => {
    // Other journeys of this shop add owners, so the last-owner rule itself is the workflow tests'.
    await openTeam();
    const self = page.getByRole("listitem").filter({ hasText: "(vous)" });
    await self.getByRole("button", { name: /^Changer le rôle de / }).waitFor();
    expect(await self.getByRole("button", { name: /^Désactiver/ }).count()).toBe(0);
    const userId = await self.locator('input[name="userId"]').first().inputValue();
    const refused = await post(owner, { intent: "disable", userId });
    expect(refused.status).toBe(409);
    expect(refused.text).toContain(SELF_DISABLE_MESSAGE);
  });

  it("saves the refund limit typed in euros", async () => {
    await openTeam();
    const field = page.getByLabel("Limite par remboursement (€)");
    const before = await field.inputValue();
    await field.fill("150,50");
    await page.getByRole("button", { name: "Enregistrer la limite" }).click();
    await page.getByText(/Limite de remboursement enregistrée : 150,50\s€/).waitFor();
    await field.fill("douze");
    await page.getByRole("button", { name: "Enregistrer la limite" }).click();
    await page.getByText("La limite de remboursement doit être un montant positif, en euros").waitFor();
    // Put back what the other journeys expect.
    await field.fill(before);
    await page.getByRole("button", { name: "Enregistrer la limite" }).click();
    await page
      .getByText(/Limite de remboursement enregistrée/)
      .last()
      .waitFor();
  });
});
