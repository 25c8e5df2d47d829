/**
 * The frame every Aurore e-mail shares (docs/decisions/036-html-emails.md): the brand header, the
 * greeting, the footer with the seller's address and the link to the e-mail preferences, and a
 * few building blocks (paragraph, button, list, rows) so each template only says what is its own.
 * Styles are inline (react-email writes them so): mail clients drop <style> and web fonts.
 */
import { Body, Button, Container, Head, Heading, Hr, Html, Link, Preview, Section, Text } from "@react-email/components";
import type { ReactNode } from "react";
import type { Language } from "~/domain/i18n/languages";
import type emails from "~/locales/fr/emails.json";

/** A key of the e-mail catalog (decision 044): an unknown key does not compile. */
export type EmailKey = keyof typeof emails;

/** What every template receives besides its own data: where the shop lives and who sells. */
export type MailContext = {
  /** PUBLIC_URL without its trailing slash: every link in a mail starts with it. */
  publicUrl: string;
  shopAddress: string;
  companyName: string;
  /** The recipient's language: their Préférences (decision 044). */
  language: Language;
  /** The e-mail catalog's message in the recipient's language. */
  t: (key: EmailKey, values?: Record<string, string | number>) => string;
  /** Cents as the recipient's language writes euros ("12,50 €", "€12.50"). */
  price: (cents: number) => string;
};

/** A shop path ("/dashboard?tab=orders") made absolute; an absolute URL is left as it is. */
export function absoluteUrl(ctx: MailContext, pathOrUrl: string): string {
  return pathOrUrl.startsWith("/") ? `${ctx.publicUrl}${pathOrUrl}` : pathOrUrl;
}

/** "Bonjour Camille," or "Bonjour," when no first name is known (a newsletter visitor). */
export function greeting(ctx: MailContext, firstName: string | null | undefined): string {
  const name = firstName?.trim();
  return name ? ctx.t("emails.layout.greeting", { name }) : ctx.t("emails.layout.greetingNoName");
}

export const ACCOUNT_PREFERENCES_PATH = "/dashboard?tab=preferences";
/** The shopper's orders in their account: where an order, its tracking, invoice and return label are. */
export const ORDERS_PATH = "/dashboard?tab=orders";
/** One order in the shopper's account: the list opens its detail. */
export function orderPath(orderNumber: string): string {
  return `${ORDERS_PATH}&commande=${encodeURIComponent(orderNumber)}`;
}

/** The palette of app/app.css, repeated here because mail clients cannot read CSS variables. */
export const brand = {
  ink: "#1c1917",
  muted: "#57534e",
  line: "#e7e0da",
  cream: "#fbf8f5",
  band: "#f3eee9",
  accent: "#9f1239",
  accentSoft: "#fde7ec",
  display: '"Bodoni Moda", Didot, "Bodoni 72", Georgia, "Times New Roman", serif',
  sans: '-apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
} as const;

const text = { color: brand.ink, fontSize: "15px", lineHeight: "24px", margin: "0 0 14px" };

export function Layout({
  ctx,
  preview,
  firstName,
  greet = true,
  children,
}: {
  ctx: MailContext;
  /** False when the body brings its own greeting (a message an administrator typed). */
  greet?: boolean;
  /** The line mail clients show after the subject in the inbox. */
  preview: string;
  firstName: string | null | undefined;
  children: ReactNode;
}) {
  return (
    <Html lang={ctx.language} dir="ltr">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={{ backgroundColor: brand.cream, fontFamily: brand.sans, margin: 0, padding: "24px 0" }}>
        <Container style={{ backgroundColor: "#ffffff", border: `1px solid ${brand.line}`, maxWidth: "600px", width: "100%" }}>
          <Section style={{ backgroundColor: brand.band, borderBottom: `3px solid ${brand.accent}`, padding: "20px 32px" }}>
            <Link
              href={`${ctx.publicUrl}/`}
              style={{ color: brand.accent, fontFamily: brand.display, fontSize: "28px", letterSpacing: "2px" }}
            >
              AURORE
            </Link>
            <Text style={{ color: brand.muted, fontSize: "12px", margin: "2px 0 0" }}>{ctx.t("emails.layout.tagline")}</Text>
          </Section>
          <Section style={{ padding: "28px 32px 8px" }}>
            {greet && <Text style={text}>{greeting(ctx, firstName)}</Text>}
            {children}
            <Text style={text}>{ctx.t("emails.layout.signature")}</Text>
          </Section>
          <Hr style={{ borderColor: brand.line, margin: 0 }} />
          <Section style={{ padding: "16px 32px 24px" }}>
            <Text style={{ color: brand.muted, fontSize: "12px", lineHeight: "18px", margin: "0 0 6px" }}>
              {ctx.companyName} · {ctx.shopAddress}
            </Text>
            <Text style={{ color: brand.muted, fontSize: "12px", lineHeight: "18px", margin: 0 }}>
              <Link href={absoluteUrl(ctx, ACCOUNT_PREFERENCES_PATH)} style={{ color: brand.accent }}>
                {ctx.t("emails.layout.preferences")}
              </Link>
            </Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

/** The plain-text frame, the same greeting, signature and footer as the HTML one. */
export function textLayout(ctx: MailContext, firstName: string | null | undefined, body: readonly string[], greet = true): string {
  return [
    ...(greet ? [greeting(ctx, firstName), ""] : []),
    ...body,
    "",
    ctx.t("emails.layout.signature"),
    "",
    "--",
    `${ctx.companyName} · ${ctx.shopAddress}`,
    ctx.t("emails.layout.preferencesText", { url: absoluteUrl(ctx, ACCOUNT_PREFERENCES_PATH) }),
  ].join("\n");
}

export function P({ children, muted }: { children: ReactNode; muted?: boolean }) {
  return <Text style={muted ? { ...text, color: brand.muted, fontSize: "13px", lineHeight: "20px" } : text}>{children}</Text>;
}

export function Title({ children }: { children: ReactNode }) {
  return (
    <Heading as="h1" style={{ color: brand.ink, fontFamily: brand.display, fontSize: "24px", fontWeight: 400, margin: "0 0 16px" }}>
      {children}
    </Heading>
  );
}

/** The one call to action of a mail. */
export function ButtonLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Section style={{ margin: "8px 0 22px" }}>
      <Button
        href={href}
        style={{
          backgroundColor: brand.accent,
          borderRadius: "4px",
          color: "#ffffff",
          fontSize: "15px",
          fontWeight: 600,
          padding: "12px 22px",
          textDecoration: "none",
        }}
      >
        {children}
      </Button>
    </Section>
  );
}

/** Lines of text in a tinted box (an address, a relay point, a code). */
export function Box({ lines, strong }: { lines: readonly string[]; strong?: boolean }) {
  return (
    <Section style={{ backgroundColor: brand.band, borderRadius: "4px", margin: "0 0 16px", padding: "12px 16px" }}>
      {lines.map((line, i) => (
        <Text
          key={i}
          style={{ color: brand.ink, fontSize: strong ? "18px" : "14px", fontWeight: strong ? 700 : 400, lineHeight: "22px", margin: 0 }}
        >
          {line}
        </Text>
      ))}
    </Section>
  );
}

/** A bulleted list of short lines (order lines, a return's articles). */
export function Bullets({ items }: { items: readonly string[] }) {
  return (
    <ul style={{ color: brand.ink, fontSize: "14px", lineHeight: "22px", margin: "0 0 16px", paddingLeft: "20px" }}>
      {items.map((item, i) => (
        <li key={i}>{item}</li>
      ))}
    </ul>
  );
}

/** Label and amount rows (totals); a row without a value is a note under the previous one. */
export function Rows({ rows }: { rows: readonly { label: string; value: string | null; strong?: boolean }[] }) {
  return (
    <table
      role="presentation"
      width="100%"
      cellPadding={0}
      cellSpacing={0}
      style={{ borderTop: `1px solid ${brand.line}`, margin: "0 0 16px" }}
    >
      <tbody>
        {rows.map((row, i) => (
          <tr key={i}>
            <td
              style={{
                color: row.value === null ? brand.muted : brand.ink,
                fontSize: "14px",
                fontWeight: row.strong ? 700 : 400,
                padding: "6px 0",
              }}
            >
              {row.label}
            </td>
            <td style={{ color: brand.ink, fontSize: "14px", fontWeight: row.strong ? 700 : 400, padding: "6px 0", textAlign: "right" }}>
              {row.value ?? ""}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A message with one element, "… <0>Mes commandes</0>": the element's text wrapped by `wrap`. */
export function withTag(message: string, wrap: (text: string) => ReactNode): ReactNode {
  const parts = /^([\s\S]*)<0>([\s\S]*)<\/0>([\s\S]*)$/.exec(message);
  if (!parts) return message;
  return (
    <>
      {parts[1]}
      {wrap(parts[2]!)}
      {parts[3]}
    </>
  );
}

/** Text rows as the plain-text version writes them: "Label : valeur" ("Label: value" in English). */
export function rowsText(ctx: MailContext, rows: readonly { label: string; value: string | null }[]): string[] {
  return rows.map((r) => (r.value === null ? r.label : ctx.t("emails.layout.row", { label: r.label, value: r.value })));
}

/** One e-mail: its subject, its HTML component, its plain-text twin and the data the admin preview shows. */
export type MailTemplate<D> = {
  /** The name the back-office preview lists (the back office is French). */
  label: string;
  subject: (data: D, ctx: MailContext) => string;
  Component: (props: { data: D; ctx: MailContext }) => ReactNode;
  text: (data: D, ctx: MailContext) => string;
  sample: D;
};
