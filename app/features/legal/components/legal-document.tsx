import type { ReactNode } from "react";
import { Breadcrumb, type Crumb } from "~/components/ui/breadcrumb";
import { Link } from "react-router";
import type { LegalBlock, LegalDocument, LegalSection, LegalTable } from "~/content/legal/types";
import { formatDate, SHOP_TIME_ZONE } from "~/lib/paris-time";
import { useLanguage, useT } from "~/components/ui/i18n";
import { LANGUAGE_LOCALES, type Language } from "~/domain/i18n/languages";

/**
 * The binding legal texts of a French shop stay in French (decision 044): in another language the
 * page's heading and a notice are translated and the French text carries lang="fr", so screen
 * readers read it in French. Undefined in French (the page's own language).
 */
function frenchTextLang(language: Language): "fr" | undefined {
  return language === "fr" ? undefined : "fr";
}

const INLINE_MARKUP = /\[([^\]]+)\]\(([^)\s]+)\)|`([^`]+)`/g;
const linkClass = "font-semibold text-accent underline underline-offset-2 hover:text-accent-dark";

/** Paragraph text with its inline links and code names. */
export function RichText({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(INLINE_MARKUP)) {
    const index = match.index ?? 0;
    if (index > last) parts.push(text.slice(last, index));
    const [, label, href, code] = match;
    if (code !== undefined) {
      parts.push(
        <code key={index} className="rounded bg-band px-1 py-0.5 text-[0.9em] break-words text-ink">
          {code}
        </code>,
      );
    } else if (href?.startsWith("/")) {
      parts.push(
        <Link key={index} to={href} className={linkClass}>
          {label}
        </Link>,
      );
    } else {
      const external = href?.startsWith("http");
      parts.push(
        <a key={index} href={href} className={linkClass} {...(external ? { target: "_blank", rel: "noopener noreferrer" } : {})}>
          {label}
          {external && <NewWindowHint />}
        </a>,
      );
    }
    last = index + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return <>{parts}</>;
}

function NewWindowHint() {
  const t = useT();
  return <span className="sr-only">{t("shop.legal.newWindow")}</span>;
}

/** A table that scrolls sideways on narrow screens, reachable with the keyboard. */
export function LegalTableView({ table, id }: { table: LegalTable; id: string }) {
  const captionId = `${id}-caption`;
  return (
    <div role="region" aria-labelledby={captionId} tabIndex={0} className="overflow-x-auto rounded-xl border border-line">
      <table className="w-full min-w-[36rem] border-collapse text-left text-sm">
        <caption id={captionId} className="bg-band px-4 py-2 text-left font-semibold text-ink">
          {table.caption}
        </caption>
        <thead>
          <tr className="border-b border-line">
            {table.columns.map((column) => (
              <th key={column} scope="col" className="px-4 py-2 font-semibold">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row) => (
            <tr key={row[0]} className="border-b border-line last:border-b-0 align-top">
              {row.map((cell, index) =>
                index === 0 ? (
                  <th key={index} scope="row" className="px-4 py-2 font-semibold">
                    <RichText text={cell} />
                  </th>
                ) : (
                  <td key={index} className="px-4 py-2 text-muted">
                    <RichText text={cell} />
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Block({ block, id }: { block: LegalBlock; id: string }) {
  if (typeof block === "string") {
    return (
      <p>
        <RichText text={block} />
      </p>
    );
  }
  if ("list" in block) {
    const items = block.list.map((item) => (
      <li key={item}>
        <RichText text={item} />
      </li>
    ));
    return block.ordered ? <ol className="list-decimal space-y-1 pl-6">{items}</ol> : <ul className="list-disc space-y-1 pl-6">{items}</ul>;
  }
  if ("table" in block) return <LegalTableView table={block.table} id={id} />;
  return (
    <div className="rounded-2xl border-2 border-dashed border-line bg-cream p-5 sm:p-6">
      <h3 className="font-display text-xl text-ink">{block.form.title}</h3>
      <div className="mt-3 space-y-3">
        {block.form.lines.map((line) => (
          <p key={line}>{line}</p>
        ))}
      </div>
    </div>
  );
}

export function LegalSectionView({ section }: { section: LegalSection }) {
  return (
    <section id={section.id} aria-labelledby={`${section.id}-titre`} className="scroll-mt-28">
      <h2 id={`${section.id}-titre`} className="font-display text-2xl text-ink">
        {section.title}
      </h2>
      <div className="mt-3 space-y-3 leading-relaxed">
        {section.paragraphs.map((block, index) => (
          <Block key={index} block={block} id={`${section.id}-${index}`} />
        ))}
      </div>
    </section>
  );
}

/** "Sommaire": links to every section's anchor. */
export function LegalTableOfContents({ sections }: { sections: LegalSection[] }) {
  const t = useT();
  const language = useLanguage();
  return (
    <nav aria-labelledby="sommaire-titre" className="rounded-2xl border border-line bg-cream p-5">
      <h2 id="sommaire-titre" className="font-display text-xl text-ink">
        {t("shop.legal.contents")}
      </h2>
      <ol className="mt-3 space-y-1 text-sm" lang={frenchTextLang(language)}>
        {sections.map((section) => (
          <li key={section.id}>
            <a
              href={`#${section.id}`}
              className="inline-flex min-h-8 items-center text-ink underline-offset-2 hover:text-accent hover:underline"
            >
              {section.title}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}

/**
 * Band at the top of a legal text (and of the gift-card page): the page's own breadcrumb trail, the h1,
 * the last revision date and an introduction. Information pages use InfoPageHeader instead.
 */
export function LegalPageHeader({
  title,
  crumbs,
  updatedAt,
  intro,
  frenchOnly = false,
}: {
  title: string;
  crumbs: Crumb[];
  updatedAt?: string;
  intro?: ReactNode;
  /** A binding text kept in French: another language shows the notice and marks the intro French. */
  frenchOnly?: boolean;
}) {
  const t = useT();
  const language = useLanguage();
  const french = frenchOnly ? frenchTextLang(language) : undefined;
  const updated =
    updatedAt &&
    (language === "fr"
      ? formatDate(updatedAt)
      : new Intl.DateTimeFormat(LANGUAGE_LOCALES[language], {
          day: "numeric",
          month: "long",
          year: "numeric",
          timeZone: SHOP_TIME_ZONE,
        }).format(new Date(updatedAt)));
  return (
    <header className="bg-band">
      <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
        <Breadcrumb items={crumbs} />
        <h1 className="mt-4 font-display text-3xl text-ink sm:text-4xl">{title}</h1>
        {updatedAt && (
          <p className="mt-2 text-sm text-muted">
            {t("shop.legal.updatedAt")} <time dateTime={updatedAt}>{updated}</time>
          </p>
        )}
        {french && (
          <p role="note" className="mt-4 max-w-3xl rounded-xl border border-line bg-white px-4 py-3 text-sm font-semibold text-ink">
            {t("shop.legal.frenchOnly")}
          </p>
        )}
        {intro && (
          <div lang={french} className="mt-4 max-w-3xl space-y-3 text-muted">
            {intro}
          </div>
        )}
      </div>
    </header>
  );
}

/**
 * A legal text: table of contents beside (or above, on mobile) its sections. `afterSection`
 * puts a control under one section (the cookie policy's "Modifier mes choix").
 */
export function LegalDocumentBody({
  sections,
  afterSection,
  children,
}: {
  sections: LegalSection[];
  afterSection?: (section: LegalSection) => ReactNode;
  children?: ReactNode;
}) {
  const language = useLanguage();
  return (
    <div className="mx-auto grid max-w-5xl gap-8 px-4 py-10 sm:px-6 lg:grid-cols-[15rem_minmax(0,1fr)] lg:items-start">
      <div className="lg:sticky lg:top-24 lg:max-h-[calc(100vh-7rem)] lg:overflow-y-auto">
        <LegalTableOfContents sections={sections} />
      </div>
      <div className="min-w-0 space-y-10" lang={frenchTextLang(language)}>
        {sections.map((section) =>
          afterSection ? (
            <div key={section.id}>
              <LegalSectionView section={section} />
              {afterSection(section)}
            </div>
          ) : (
            <LegalSectionView key={section.id} section={section} />
          ),
        )}
        {children}
      </div>
    </div>
  );
}

/** A whole legal page from its document: header (trail, title, revision date, introduction), then the text. */
export function LegalDocumentPage({
  title,
  document,
  afterSection,
}: {
  title: string;
  document: LegalDocument;
  afterSection?: (section: LegalSection) => ReactNode;
}) {
  const t = useT();
  return (
    <div>
      <LegalPageHeader
        title={title}
        crumbs={[{ to: "/", label: t("common.breadcrumb.home") }, { label: title }]}
        updatedAt={document.updatedAt}
        frenchOnly
        intro={document.intro.map((text) => (
          <p key={text}>
            <RichText text={text} />
          </p>
        ))}
      />
      <LegalDocumentBody sections={document.sections} afterSection={afterSection} />
    </div>
  );
}
