import type { MetaDescriptor } from "react-router";

export const SHOP_NAME = "Aurore";

export type SeoInput = {
  title: string;
  description: string;
  /** Absolute canonical URL of the page. */
  url: string;
  image?: string | null;
  type?: "website" | "product";
  noindex?: boolean;
  /** Open Graph locale of the page's language ("en_GB"); French by default. */
  ogLocale?: string;
};

/** Title, description, canonical link and Open Graph / Twitter tags for one page. */
export function buildMeta(input: SeoInput): MetaDescriptor[] {
  const title = input.title.includes(SHOP_NAME) ? input.title : `${input.title} | ${SHOP_NAME}`;
  const image = input.image ? new URL(input.image, input.url).href : undefined;
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: input.description },
    { tagName: "link", rel: "canonical", href: input.url },
    { property: "og:site_name", content: SHOP_NAME },
    { property: "og:locale", content: input.ogLocale ?? "fr_FR" },
    { property: "og:type", content: input.type ?? "website" },
    { property: "og:title", content: title },
    { property: "og:description", content: input.description },
    { property: "og:url", content: input.url },
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
  ];
  if (image) tags.push({ property: "og:image", content: image });
  if (input.noindex) tags.push({ name: "robots", content: "noindex" });
  return tags;
}

/** Shortens a text for a meta description without cutting a word. */
export function summarize(text: string | null | undefined, max = 155): string {
  const clean = (text ?? "").replace(/\s+/g, " ").trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  return `${cut.slice(0, cut.lastIndexOf(" ") > 60 ? cut.lastIndexOf(" ") : cut.length)}…`;
}
