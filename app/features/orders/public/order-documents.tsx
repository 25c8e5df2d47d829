import type { OrderDocumentView } from "~/domain/invoices/invoice.types";
import { useT } from "~/components/ui/i18n";

/**
 * The order's invoice and credit notes as plain download links (the shopper's and the
 * back-office's order details; each view carries the addresses its audience may use).
 */
export function OrderDocuments({ documents }: { documents: readonly OrderDocumentView[] }) {
  const t = useT();
  if (documents.length === 0) return null;
  return (
    <section>
      <h3 className="font-semibold">{t("account.documents.title")}</h3>
      <ul className="mt-2 space-y-1 text-sm">
        {documents.map((doc) => (
          <li key={doc.url}>
            <a href={doc.url} download className="inline-flex min-h-11 items-center font-semibold text-accent underline underline-offset-4">
              {doc.kind === "invoice"
                ? t("account.documents.invoice")
                : t("account.documents.creditNote", { number: doc.number ?? "" }).trim()}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
