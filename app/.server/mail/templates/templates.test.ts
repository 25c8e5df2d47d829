import { parse } from "node-html-parser";
import { describe, expect, it } from "vitest";
import { formatPrice } from "~/lib/money";
import { MAIL_TEMPLATE_IDS, mailTemplates, renderMail, renderMailSample, type MailData, type MailTemplateId } from "./index";
import { getEnv } from "../../env";

const PUBLIC_URL = getEnv().publicUrl;
/** The carrier's tracking page is the one link that may leave the shop (order-status). */
const externalLinksOf = (id: MailTemplateId): string[] =>
  id === "order-status" ? [mailTemplates["order-status"].sample.tracking!.url!] : [];
const MISSING = /undefined|null|NaN|\{\{|\[object Object\]/;

describe("every e-mail template renders its sample", () => {
  it("lists the templates", () => {
    expect(MAIL_TEMPLATE_IDS.length).toBe(26);
  });

  it.each(MAIL_TEMPLATE_IDS)("%s: French HTML, absolute links, greeting, text alternative", async (id) => {
    const mail = await renderMailSample(id);
    const root = parse(mail.html);
    expect(root.querySelector("html")?.getAttribute("lang")).toBe("fr");

    const hrefs = root.querySelectorAll("a").map((a) => a.getAttribute("href") ?? "");
    expect(hrefs.length).toBeGreaterThan(1);
    for (const href of hrefs) {
      const ok = href.startsWith(`${PUBLIC_URL}/`) || href.startsWith("mailto:") || externalLinksOf(id).includes(href);
      expect(ok, `${id}: ${href}`).toBe(true);
    }
    // The account preferences are one click away in every mail.
    expect(hrefs).toContain(`${PUBLIC_URL}/dashboard?tab=preferences`);

    expect(mail.html).not.toMatch(MISSING);
    expect(mail.text).not.toMatch(MISSING);
    expect(mail.subject).not.toMatch(MISSING);
    expect(mail.subject.length).toBeGreaterThan(5);

    const firstName = mailTemplates[id].sample.firstName!;
    expect(firstName).toBeTruthy();
    expect(root.textContent).toContain(`Bonjour ${firstName},`);
    expect(mail.text.startsWith(`Bonjour ${firstName},\n`)).toBe(true);
    expect(mail.text.trim().length).toBeGreaterThan(80);
    expect(mail.text).toContain(PUBLIC_URL);
  });

  it("greets with a bare 'Bonjour,' when no first name is known", async () => {
    const mail = await renderMail("newsletter-confirmation", { ...mailTemplates["newsletter-confirmation"].sample, firstName: null });
    expect(mail.text.startsWith("Bonjour,\n")).toBe(true);
    expect(parse(mail.html).textContent).toContain("Bonjour,");
    expect(mail.html).not.toMatch(MISSING);
  });

  it("escapes what users typed: a name or a message cannot inject markup", async () => {
    const mail = await renderMail("gift-card", {
      ...mailTemplates["gift-card"].sample,
      firstName: '<script>alert("x")</script>',
      message: '<img src=x onerror="alert(1)">',
    });
    const root = parse(mail.html);
    expect(root.querySelectorAll("script")).toHaveLength(0);
    expect(root.querySelectorAll("img")).toHaveLength(0);
    expect(mail.html).toContain("&lt;script&gt;");
    expect(root.textContent).toContain('Bonjour <script>alert("x")</script>,');
  });

  it("adds no second greeting above an administrator's message that starts with one", async () => {
    const sample = mailTemplates["client-message"].sample;
    const mail = await renderMail("client-message", { ...sample, body: "Bonjour Margaux,\nVotre colis est prêt à partir." });
    expect(mail.text.startsWith("Bonjour Margaux,\nVotre colis est prêt à partir.")).toBe(true);
    expect(mail.text).not.toContain("Bonjour Camille");
    expect(parse(mail.html).textContent).not.toContain("Bonjour Camille");
  });

  it("builds links on the public URL a producer was given", async () => {
    const mail = await renderMail("restock-available", mailTemplates["restock-available"].sample, { publicUrl: "https://shop.example/" });
    const hrefs = parse(mail.html)
      .querySelectorAll("a")
      .map((a) => a.getAttribute("href"));
    expect(hrefs.every((h) => h?.startsWith("https://shop.example/"))).toBe(true);
    expect(mail.text).toContain("https://shop.example/product/");
  });
});

/** Sentences the templates themselves write in French: none may remain in an English mail. */
const FRENCH_SENTENCES = [
  "Bonjour",
  "L'équipe Aurore",
  "Gérer mes préférences e-mail",
  "Voir ma commande",
  "Merci pour votre commande",
  "Récapitulatif",
  "Si vous n'êtes pas à l'origine",
  "Confirmez votre",
  "Découvrir la boutique",
  "Votre commande",
  "ouvrez ce lien",
  "Parfums & cosmétiques",
];
/** A catalog key left untranslated shows as its id. */
const RAW_KEY = /\bemails\.[a-zA-Z]+\.[a-zA-Z.]+/;

/** What an administrator typed is sent as typed: the samples' French texts replaced by English ones. */
const TYPED_IN_ENGLISH: Partial<Record<MailTemplateId, object>> = {
  "client-message": { subject: "Your order is ready", body: "Your order is ready.\nIt leaves tomorrow morning." },
  "ticket-reply": { subject: "About my order", body: "Your parcel leaves tomorrow morning." },
};

describe("every e-mail template renders in English (decision 044)", () => {
  it.each(MAIL_TEMPLATE_IDS)("%s: English HTML, subject and text, no raw key, none of the French sentences", async (id) => {
    const data = { ...mailTemplates[id].sample, ...TYPED_IN_ENGLISH[id] } as MailData<typeof id>;
    const mail = await renderMail(id, data, { language: "en" });
    const root = parse(mail.html);
    expect(root.querySelector("html")?.getAttribute("lang")).toBe("en");
    const visible = root.textContent.replace(/&#x27;|&#39;/g, "'").replace(/&amp;/g, "&");
    for (const body of [visible, mail.text, mail.subject]) {
      expect(body).not.toMatch(RAW_KEY);
      expect(body).not.toMatch(MISSING);
      for (const sentence of FRENCH_SENTENCES) expect(body, `${id}: "${sentence}"`).not.toContain(sentence);
    }
    const firstName = mailTemplates[id].sample.firstName!;
    expect(mail.text.startsWith(`Hello ${firstName},\n`)).toBe(true);
    expect(visible).toContain("The Aurore team");
    expect(mail.text).toContain(`Manage my e-mail preferences: ${PUBLIC_URL}/dashboard?tab=preferences`);
  });

  it("writes the order confirmation in English with euros the English way", async () => {
    const mail = await renderMailSample("order-confirmation", "en");
    expect(mail.subject).toBe("Confirmation of your order AUR-2026-000123");
    expect(mail.text).toContain("Thank you for your order AUR-2026-000123 at Aurore.");
    expect(mail.text).toContain("- Eau de parfum Nébuline (50 ml) x 1: €89.00");
    expect(mail.text).toContain("Track my order: ");
    const french = await renderMailSample("order-confirmation");
    expect(french.subject).toBe("Confirmation de votre commande AUR-2026-000123");
    expect(french.text).toContain(`- Eau de parfum Nébuline (50 ml) x 1 : ${formatPrice(8900)}`);
    expect(french.text).toContain("\n\nL'équipe Aurore\n");
  });

  it("keeps the order-status link to the account inside its English sentence", async () => {
    const mail = await renderMailSample("order-status", "en");
    const root = parse(mail.html);
    const link = root.querySelectorAll("a").find((a) => a.textContent === "My orders");
    expect(link?.getAttribute("href")).toBe(`${PUBLIC_URL}/dashboard?tab=orders&commande=AUR-2026-000123`);
    expect(root.textContent).toContain("Your order in your account: My orders");
  });
});
