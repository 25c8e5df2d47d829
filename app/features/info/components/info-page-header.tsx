import type { ReactNode } from "react";
import { Breadcrumb } from "~/components/ui/breadcrumb";
import { buttonClass } from "~/components/ui/button";
import { useT } from "~/components/ui/i18n";

/** Band at the top of an information page: breadcrumb "Accueil › {title}", the h1, an intro. */
export function InfoPageHeader({ title, children }: { title: string; children?: ReactNode }) {
  const t = useT();
  return (
    <header className="bg-band">
      <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
        <Breadcrumb items={[{ to: "/", label: t("common.breadcrumb.home") }, { label: title }]} />
        <h1 className="mt-4 font-display text-3xl sm:text-4xl">{title}</h1>
        {children && <div className="mt-3 max-w-2xl text-muted">{children}</div>}
      </div>
    </header>
  );
}

export const primaryLinkClass = buttonClass({ variant: "accent" });
export const secondaryLinkClass = buttonClass({ variant: "ink-outline" });
export const textLinkClass = "font-semibold text-accent underline underline-offset-4 hover:text-accent-dark";
