import { Link } from "react-router";

type TemplateItem = { id: string; label: string };
type Preview = TemplateItem & { subject: string; html: string; text: string };

/**
 * E-mails: the list of templates and the selected one as the recipient gets it: its subject, the
 * HTML in a sandboxed frame (no script, no same-origin access, and nothing in it can reach this
 * page) and the plain-text alternative.
 */
export function AdminEmailsView({ templates, selected }: { templates: TemplateItem[]; selected: Preview }) {
  return (
    <div className="space-y-6">
      <div>
        <h1 className="font-display text-3xl">E-mails</h1>
        <p className="mt-1 text-muted">{`${templates.length} modèles d'e-mails, affichés avec des données d'exemple.`}</p>
      </div>
      <div className="grid gap-6 lg:grid-cols-[16rem_minmax(0,1fr)]">
        <nav aria-label="Modèles d'e-mails">
          <ul className="space-y-1">
            {templates.map((t) => {
              const current = t.id === selected.id;
              return (
                <li key={t.id}>
                  <Link
                    to={`/admin/e-mails?modele=${t.id}`}
                    aria-current={current ? "page" : undefined}
                    preventScrollReset
                    className={`block rounded-lg px-3 py-2 text-sm ${current ? "bg-ink text-white" : "hover:bg-band"}`}
                  >
                    {t.label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        <section aria-labelledby="email-preview-title" className="min-w-0 space-y-4">
          <h2 id="email-preview-title" className="font-display text-2xl">
            {selected.label}
          </h2>
          <p className="rounded-lg border border-line bg-white px-4 py-3 text-sm break-words">
            <span className="font-semibold">Objet : </span>
            {selected.subject}
          </p>
          <div>
            <h3 className="mb-2 font-semibold">Version HTML</h3>
            <iframe
              key={selected.id}
              title={`Aperçu HTML : ${selected.label}`}
              srcDoc={selected.html}
              sandbox=""
              className="h-[36rem] w-full rounded-lg border border-line bg-white"
            />
          </div>
          <div>
            <h3 className="mb-2 font-semibold">Version texte</h3>
            <pre
              aria-label={`Version texte : ${selected.label}`}
              className="max-h-[28rem] overflow-auto rounded-lg border border-line bg-white p-4 text-sm break-words whitespace-pre-wrap"
              // Scrollable region: reachable with the keyboard (axe: scrollable-region-focusable).
              tabIndex={0}
              role="region"
            >
              {selected.text}
            </pre>
          </div>
        </section>
      </div>
    </div>
  );
}
