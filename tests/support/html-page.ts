import { NodeType, parse, type HTMLElement, type Node } from "node-html-parser";

/**
 * A served page read over HTTP with an HTML parser, for journeys that check what the server
 * renders (content, language, headings, links) and need no browser: the document a crawler or
 * a browser without JavaScript gets. Names follow the accessible-name rules the journeys rely on:
 * aria-label, then aria-labelledby, then the text.
 */
export type HtmlPage = {
  status: number;
  headers: Headers;
  root: HTMLElement;
  /** The `lang` of `<html>`. */
  lang: string | null;
  title: string;
  /** The `<main>` landmark (the whole body when there is none). */
  main: HTMLElement;
};

const decode = (text: string) =>
  text
    .replace(/&nbsp;|&#160;|&#xa0;/gi, " ")
    .replace(/&#x27;|&#39;|&apos;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&#x([0-9a-f]+);/gi, (_, code: string) => String.fromCodePoint(parseInt(code, 16)))
    .replace(/&amp;/g, "&");

export async function fetchPage(baseURL: string, path: string, { cookie }: { cookie?: string } = {}): Promise<HtmlPage> {
  const response = await fetch(`${baseURL}${path}`, { headers: { accept: "text/html", ...(cookie ? { cookie } : {}) } });
  const root = parse(await response.text(), { comment: false });
  const html = root.querySelector("html");
  return {
    status: response.status,
    headers: response.headers,
    root,
    lang: html?.getAttribute("lang") ?? null,
    title: decode(root.querySelector("title")?.text ?? ""),
    main: root.querySelector("main") ?? root.querySelector("body") ?? root,
  };
}

/** Whether an element is left out of what a person perceives (hidden, aria-hidden, a template). */
function hidden(element: HTMLElement): boolean {
  for (let node: HTMLElement | null = element; node; node = node.parentNode as HTMLElement | null) {
    if (node.hasAttribute?.("hidden") || node.getAttribute?.("aria-hidden") === "true" || node.tagName === "TEMPLATE") return true;
  }
  return false;
}

const BLOCKS = new Set(
  "ADDRESS ARTICLE ASIDE BLOCKQUOTE BR DD DETAILS DIALOG DIV DL DT FIELDSET FIGCAPTION FIGURE FOOTER FORM H1 H2 H3 H4 H5 H6 HEADER HR LEGEND LI MAIN NAV OL P PRE SECTION SUMMARY TABLE TBODY TD TFOOT TH THEAD TR UL".split(
    " ",
  ),
);
const SKIPPED = new Set(["SCRIPT", "STYLE", "TEMPLATE", "NOSCRIPT"]);

function collect(node: Node, out: string[], forName: boolean): void {
  if (node.nodeType === NodeType.TEXT_NODE) {
    out.push(decode(node.rawText));
    return;
  }
  if (node.nodeType !== NodeType.ELEMENT_NODE) return;
  const element = node as HTMLElement;
  if (SKIPPED.has(element.tagName) || element.hasAttribute("hidden")) return;
  // What is hidden from assistive technology has no part in a name; a person still sees it.
  if (forName && element.getAttribute("aria-hidden") === "true") return;
  const block = BLOCKS.has(element.tagName);
  if (block) out.push(" ");
  for (const child of element.childNodes) collect(child, out, forName);
  if (block) out.push(" ");
}

/** The text a person reads in an element, with block boundaries as spaces and whitespace collapsed. */
export function textOf(element: HTMLElement, { forName = false }: { forName?: boolean } = {}): string {
  const out: string[] = [];
  collect(element, out, forName);
  return out.join("").replace(/\s+/g, " ").trim();
}

/** The accessible name of an element: aria-label, aria-labelledby, a field's label, a table's caption, alt, then its text. */
export function nameOf(element: HTMLElement, root?: HTMLElement): string {
  const label = element.getAttribute("aria-label");
  if (label) return decode(label).trim();
  const labelledBy = element.getAttribute("aria-labelledby");
  if (labelledBy && root) {
    const text = labelledBy
      .split(/\s+/)
      .map((id) => root.querySelector(`[id="${id}"]`))
      .filter((node): node is HTMLElement => Boolean(node))
      .map((node) => textOf(node, { forName: true }))
      .join(" ");
    if (text) return text;
  }
  const id = element.getAttribute("id");
  if (id && root && ["INPUT", "SELECT", "TEXTAREA"].includes(element.tagName)) {
    const forLabel = root.querySelector(`label[for="${id}"]`);
    if (forLabel) return textOf(forLabel);
  }
  const wrapping = ["INPUT", "SELECT", "TEXTAREA"].includes(element.tagName) ? element.closest("label") : null;
  if (wrapping) return textOf(wrapping);
  const caption = element.tagName === "TABLE" ? element.querySelector("caption") : null;
  if (caption) return textOf(caption);
  const legend = element.tagName === "FIELDSET" ? element.querySelector("legend") : null;
  if (legend) return textOf(legend);
  const alt = element.getAttribute("alt");
  if (alt) return decode(alt).trim();
  return textOf(element, { forName: true });
}

const matches = (name: string, wanted: string | RegExp) => (typeof wanted === "string" ? name === wanted : wanted.test(name));

/** The visible elements of `within` that `selector` matches and whose accessible name is `name` (any name when omitted). */
export function named(within: HTMLElement, selector: string, name?: string | RegExp, root: HTMLElement = within): HTMLElement[] {
  return within.querySelectorAll(selector).filter((el) => !hidden(el) && (name === undefined || matches(nameOf(el, root), name)));
}

/** Headings of `within`, at `level` when given (h1..h6, or role=heading with aria-level). */
export function headings(within: HTMLElement, level?: number, name?: string | RegExp, root?: HTMLElement): HTMLElement[] {
  const selector = level ? `h${level}, [role="heading"][aria-level="${level}"]` : "h1, h2, h3, h4, h5, h6, [role=heading]";
  return named(within, selector, name, root);
}

/** Links of `within` named `name`. */
export function links(within: HTMLElement, name: string | RegExp, root?: HTMLElement): HTMLElement[] {
  return named(within, "a[href]", name, root);
}

/** Landmarks and regions with an explicit role or their element: region, navigation, search, complementary, note. */
const ROLE_SELECTORS: Record<string, string> = {
  region: '[role="region"], section[aria-label], section[aria-labelledby]',
  navigation: 'nav, [role="navigation"]',
  search: 'search, [role="search"]',
  complementary: 'aside, [role="complementary"]',
  note: '[role="note"]',
  status: '[role="status"], output',
  banner: 'header, [role="banner"]',
  group: 'fieldset, [role="group"]',
  table: 'table, [role="table"]',
  row: 'tr, [role="row"]',
  rowheader: 'th[scope="row"], [role="rowheader"]',
  button: 'button, [role="button"], input[type="submit"]',
  combobox: 'input[role="combobox"], select, [role="combobox"]',
};

/** Elements of `within` with `role` (see ROLE_SELECTORS) named `name`. */
export function byRole(within: HTMLElement, role: keyof typeof ROLE_SELECTORS, name?: string | RegExp, root?: HTMLElement): HTMLElement[] {
  return named(within, ROLE_SELECTORS[role]!, name, root);
}

/** How many times `text` occurs in what a person reads in `within`. */
export function occurrences(within: HTMLElement, text: string | RegExp): number {
  const read = textOf(within);
  if (typeof text === "string") return read.split(text).length - 1;
  return read.match(new RegExp(text.source, text.flags.includes("g") ? text.flags : `${text.flags}g`))?.length ?? 0;
}
