import type { ReactNode } from "react";

/*
 * The last column (the row's actions) stays pinned to the right edge while the rest scrolls, so
 * 'Modifier' and 'Supprimer' are reachable on a 1366 px screen without scrolling the table. Its
 * cells need an opaque background to cover what slides under them.
 */
const STICKY_ACTIONS =
  "[&_tr>*:last-child]:sticky [&_tr>*:last-child]:right-0 [&_tr>*:last-child]:shadow-[inset_1px_0_0_var(--color-line)] [&_tbody_td:last-child]:bg-white [&_thead_th:last-child]:bg-band";

/**
 * A table in its card. A table wider than its column scrolls inside the card, never the page:
 * the scroller is a named, focusable region so keyboard users can scroll it too.
 */
export function DataTable({
  label,
  busy = false,
  minWidth = "min-w-[56rem]",
  stickyActions = true,
  head,
  children,
}: {
  /** The region's accessible name ("Liste des produits"). */
  label: string;
  busy?: boolean;
  /** A Tailwind min-width class under which the columns would crush. */
  minWidth?: string;
  /** Pin the last column (the row actions) to the right edge. */
  stickyActions?: boolean;
  /** The header row's cells (<th scope="col">). */
  head: ReactNode;
  /** The rows (<tr>). */
  children: ReactNode;
}) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      aria-busy={busy}
      className={`overflow-x-auto rounded-2xl border border-line bg-white ${busy ? "opacity-60" : ""}`}
    >
      <table className={`w-full ${minWidth} text-left text-sm ${stickyActions ? STICKY_ACTIONS : ""}`}>
        <thead className="border-b border-line bg-band/60 text-xs uppercase tracking-wide">
          <tr>{head}</tr>
        </thead>
        <tbody className="divide-y divide-line">{children}</tbody>
      </table>
    </div>
  );
}

/** A column header of a DataTable. */
export function Th({ children, className = "px-4 py-3" }: { children?: ReactNode; className?: string }) {
  return (
    <th scope="col" className={className}>
      {children}
    </th>
  );
}
