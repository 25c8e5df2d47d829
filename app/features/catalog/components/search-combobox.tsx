import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from "react";
import { useNavigate } from "react-router";
import type { SearchSuggestions } from "~/domain/catalog/search-suggest.types";
import { formatPrice } from "~/lib/money";
import { SEARCH_MAX_LENGTH } from "~/lib/shop-rules";
import { SearchIcon } from "~/components/ui/icons";
import { useT, type MessageKey } from "~/components/ui/i18n";

/** The suggestion groups' headings, in the page's language. */
const GROUP_LABELS: Record<Option["group"], MessageKey> = {
  Produits: "common.search.group.products",
  Marques: "common.search.group.brands",
  Catégories: "common.search.group.categories",
};

/** Suggestions start at this many characters (the API answers nothing below). */
const MIN_LENGTH = 2;
/** Wait this long after the last key before asking: a shopper typing fast sends one request. */
const DEBOUNCE_MS = 150;

type Option = {
  id: string;
  url: string;
  group: "Produits" | "Marques" | "Catégories";
  label: string;
  detail?: ReactNode;
  image?: string | null;
};

/** Answers already fetched this visit, by text: erasing a letter shows them again at once. */
const answers = new Map<string, SearchSuggestions>();

const fold = (s: string) =>
  s
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();
const isWordChar = (c: string | undefined) => c !== undefined && /[\p{L}\p{N}]/u.test(c);

/** `text` with the words beginning with one of `terms` (accents ignored) marked: "<mark>Lancô</mark>me". */
function highlight(text: string, terms: string[]): ReactNode {
  const chars = [...text];
  // One folded character per character, so positions map back to the original text.
  const folded = chars.map((c) => (fold(c).length === 1 ? fold(c) : c.toLowerCase()));
  const marked = chars.map(() => false);
  for (const term of terms) {
    const t = [...term];
    for (let i = 0; i + t.length <= folded.length; i++) {
      if (isWordChar(folded[i - 1])) continue;
      if (t.every((c, k) => folded[i + k] === c)) for (let k = 0; k < t.length; k++) marked[i + k] = true;
    }
  }
  const parts: ReactNode[] = [];
  let start = 0;
  for (let i = 1; i <= chars.length; i++) {
    if (i === chars.length || marked[i] !== marked[start]) {
      const piece = chars.slice(start, i).join("");
      parts.push(
        marked[start] ? (
          <mark key={start} className="bg-transparent font-semibold text-accent">
            {piece}
          </mark>
        ) : (
          piece
        ),
      );
      start = i;
    }
  }
  return parts;
}

function optionsOf(s: SearchSuggestions | undefined): Option[] {
  if (!s) return [];
  return [
    ...s.products.map((p) => ({
      id: `p-${p.id}`,
      url: p.url,
      group: "Produits" as const,
      label: p.name,
      detail: [p.brand, formatPrice(p.price_cents)].filter(Boolean).join(" · "),
      image: p.image_url,
    })),
    ...s.brands.map((b) => ({ id: `b-${b.slug}`, url: b.url, group: "Marques" as const, label: b.name })),
    ...s.categories.map((c) => ({ id: `c-${c.slug}`, url: c.url, group: "Catégories" as const, label: c.name })),
  ];
}

/**
 * The header search: a plain GET form to /products without JavaScript; with it, a combobox
 * (WAI-ARIA combobox pattern with a grouped listbox) suggesting products, brands and categories
 * while the shopper types. Arrow keys move through the suggestions, Enter opens the active one
 * (or searches when none is), Escape closes the list (and clears the box when already closed).
 */
export function SearchCombobox({ initialValue, className = "" }: { initialValue: string; className?: string }) {
  const navigate = useNavigate();
  const id = useId();
  const listId = `${id}-list`;
  const [value, setValue] = useState(initialValue);
  const [answer, setAnswer] = useState<SearchSuggestions>();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const inputRef = useRef<HTMLInputElement>(null);
  const t = useT();

  const q = value.trim();
  const options = q.length >= MIN_LENGTH && answer ? optionsOf(answer) : [];
  const expanded = open && options.length > 0;

  useEffect(() => {
    if (q.length < MIN_LENGTH || q.length > SEARCH_MAX_LENGTH) return;
    const known = answers.get(q);
    if (known) {
      setAnswer(known);
      setActive(-1);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetch(`/api/v1/search/suggest?${new URLSearchParams({ q })}`, { signal: controller.signal })
        .then((res) => (res.ok ? (res.json() as Promise<SearchSuggestions>) : undefined))
        .then((s) => {
          if (!s) return;
          if (answers.size > 100) answers.clear();
          answers.set(q, s);
          setAnswer(s);
          setActive(-1);
        })
        // A newer keystroke aborted it, or the network failed: the plain search still works.
        .catch(() => undefined);
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [q]);

  function close() {
    setOpen(false);
    setActive(-1);
  }

  function go(option: Option) {
    close();
    inputRef.current?.blur();
    void navigate(option.url);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const term = q.slice(0, SEARCH_MAX_LENGTH);
    if (!term) {
      inputRef.current?.focus();
      return;
    }
    close();
    void navigate(`/products?${new URLSearchParams({ search: term })}`);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const n = options.length;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (n === 0) return;
      event.preventDefault();
      setOpen(true);
      if (event.key === "ArrowDown") setActive(expanded ? (active + 1) % n : 0);
      else setActive(expanded && active > 0 ? active - 1 : n - 1);
    } else if (event.key === "Enter" && expanded && active >= 0) {
      event.preventDefault();
      go(options[active]);
    } else if (event.key === "Escape") {
      event.preventDefault();
      if (expanded) close();
      else setValue("");
    }
  }

  const terms = [...new Set([q, answer?.corrected_query ?? ""].flatMap((t) => fold(t).split(/[^\p{L}\p{N}]+/u)).filter(Boolean))];
  const groups = (["Produits", "Marques", "Catégories"] as const).filter((g) => options.some((o) => o.group === g));

  return (
    <form role="search" action="/products" method="get" onSubmit={onSubmit} className={`relative ${className}`}>
      <label htmlFor={`${id}-input`} className="sr-only">
        {t("common.search.label")}
      </label>
      <input
        ref={inputRef}
        id={`${id}-input`}
        type="search"
        name="search"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? `${id}-${options[active].id}` : undefined}
        value={value}
        onChange={(event) => {
          setValue(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onBlur={close}
        onKeyDown={onKeyDown}
        maxLength={SEARCH_MAX_LENGTH}
        placeholder={t("common.search.placeholder")}
        autoComplete="off"
        enterKeyHint="search"
        className="h-11 w-full rounded-full border border-line bg-cream pr-12 pl-4 text-base text-ink placeholder:text-muted focus:border-accent sm:text-sm"
      />
      <button
        type="submit"
        aria-label={t("common.search.submit")}
        className="absolute top-0.5 right-0.5 flex h-10 w-10 items-center justify-center rounded-full text-ink hover:bg-accent-soft hover:text-accent"
      >
        <SearchIcon />
      </button>
      <div
        id={listId}
        role="listbox"
        aria-label={t("common.search.suggestions")}
        hidden={!expanded}
        className="absolute inset-x-0 top-full z-40 mt-2 max-h-[70vh] overflow-y-auto rounded-xl border border-line bg-white p-2 shadow-xl"
      >
        {groups.map((group) => (
          <ul key={group} role="group" aria-labelledby={`${id}-${group}`} className="py-1">
            <li role="presentation" id={`${id}-${group}`} className="px-3 py-1 text-xs font-semibold tracking-wider text-muted uppercase">
              {t(GROUP_LABELS[group])}
            </li>
            {options.map((option, index) =>
              option.group !== group ? null : (
                // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- the keys belong to the combobox input (aria-activedescendant)
                <li
                  key={option.id}
                  id={`${id}-${option.id}`}
                  role="option"
                  aria-selected={index === active}
                  // Keeps the focus in the box, so the click lands before the list closes.
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => go(option)}
                  className={`flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-3 py-1.5 text-sm text-ink ${
                    index === active ? "bg-band" : "hover:bg-band"
                  }`}
                >
                  {option.group === "Produits" &&
                    (option.image ? (
                      <img
                        src={option.image}
                        alt=""
                        width={40}
                        height={40}
                        loading="lazy"
                        className="h-10 w-10 shrink-0 rounded object-cover"
                      />
                    ) : (
                      <span aria-hidden="true" className="h-10 w-10 shrink-0 rounded bg-cream" />
                    ))}
                  <span className="min-w-0">
                    <span className="block truncate">{highlight(option.label, terms)}</span>
                    {option.detail && <span className="block truncate text-xs text-muted">{option.detail}</span>}
                  </span>
                </li>
              ),
            )}
          </ul>
        ))}
      </div>
    </form>
  );
}
