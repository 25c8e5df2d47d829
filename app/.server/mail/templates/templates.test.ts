import { parse } from "node-html-parser";
import { describe, expect, it } from "vitest";
import { MAIL_TEMPLATE_IDS, mailTemplates, renderMail, renderMailSample, type MailTemplateId } from "./index";
import { getEnv } from "../../env";

const PUBLIC_URL = getEnv().publicUrl;
/** The carrier's tracking page is the one link that may leave the shop (order-status). */
const externalLinksOf = (id: MailTemplateId): string[] =>
  id === "order-status" ? [mailTemplates["order-status"].sample.tracking!.url!] : [];
const MISSING = /undefined|null|NaN|\{\{|\[object Object\]/;

describe("every e-mail template renders its sample", () => {
  it("lists the templates", () => {
    expect(MAIL_TEMPLATE_IDS.length).toBe(21);
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
