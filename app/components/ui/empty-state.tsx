import type { ReactNode } from "react";

/** The card a list shows instead of its rows: a title, an optional explanation and action. */
export function EmptyState({ title, children, action }: { title?: ReactNode; children?: ReactNode; action?: ReactNode }) {
  return (
    <div className="rounded-2xl border border-line bg-white p-8 text-center">
      {title ? <p className="text-lg font-semibold">{title}</p> : null}
      {children ? <p className={title ? "mt-1 text-muted" : "text-muted"}>{children}</p> : null}
      {action ? <div className="mt-4 flex justify-center">{action}</div> : null}
    </div>
  );
}
