import { documentLinkLabel, type OrderDocumentView } from "~/domain/invoices/invoice.types";

/**
 * The order's invoice and credit notes as plain download links (the shopper's and the
 * back-office's order details; each view carries the addresses its audience may use).
 */
export function OrderDocuments({ documents }: { documents: readonly OrderDocumentView[] }) {
  if (documents.length === 0) return null;
  return (
    <section>
      <h3 className="font-semibold">Documents</h3>
      <ul className="mt-2 space-y-1 text-sm">
        {documents.map((doc) => (
          <li key={doc.url}>
            <a href={doc.url} download className="inline-flex min-h-11 items-center font-semibold text-accent underline underline-offset-4">
              {documentLinkLabel(doc)}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
