import { useState } from "react";
import { Form, Link, useRevalidator } from "react-router";
import { Button } from "~/components/ui/button";
import { Select } from "~/components/ui/input";
import { Modal } from "~/components/ui/modal";
import { Pager } from "~/components/ui/pager";
import { Stars } from "~/components/ui/stars";
import { showToast } from "~/components/ui/toast";
import { formatDate } from "~/lib/paris-time";
import { callJsonApi } from "~/lib/json-api";
import {
  REVIEW_ANSWER_MAX,
  REVIEW_REJECTION_LABELS,
  REVIEW_REJECTION_REASONS,
  REVIEW_SKIN_TYPE_LABELS,
  REVIEW_STATUS_LABELS,
  REVIEW_STATUSES,
  type AdminReviewView,
  type ReviewRejectionReason,
} from "~/domain/reviews/review-rules";
import * as SHOP_MESSAGES from "~/domain/messages/shop";
import { ReadOnlyNotice } from "./read-only-notice";

type Page = { reviews: AdminReviewView[]; page: number; page_count: number; total: number };
type Filters = { status: string; rating: string; withPhotos: boolean; q: string };

async function post(url: string, body?: unknown): Promise<{ ok: boolean; message: string }> {
  const done = await callJsonApi(url, { method: "POST", body: body ?? {} });
  if (done.ok) return { ok: true, message: "" };
  if (done.status === 0) return { ok: false, message: SHOP_MESSAGES.cannotConnectCheckNetworkTry };
  return { ok: false, message: done.message || "L'opération a échoué. Veuillez réessayer." };
}

/** What the member's role may do here (decision 066): publish, refuse and answer a review. */
export type ReviewsPageAccess = { write: boolean };
const EVERYTHING: ReviewsPageAccess = { write: true };

/** What the notice names for a role that reads the reviews only. */
export const REVIEWS_READ_ONLY = "modérer les avis (publier, refuser, répondre)";

/** Avis: moderation of customer reviews (docs/decisions/037-reviews.md), pending first. */
export function AdminReviewsView({ filters, page, may = EVERYTHING }: { filters: Filters; page: Page; may?: ReviewsPageAccess }) {
  const revalidator = useRevalidator();
  const [dialog, setDialog] = useState<{ kind: "reject" | "answer"; review: AdminReviewView } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const hrefFor = (p: number) =>
    `/admin/avis?${new URLSearchParams({ ...(filters.status ? { status: filters.status } : {}), ...(filters.rating ? { rating: filters.rating } : {}), ...(filters.withPhotos ? { with_photos: "1" } : {}), ...(filters.q ? { q: filters.q } : {}), page: String(p) })}`;

  async function publish(r: AdminReviewView) {
    setBusy(r.id);
    const done = await post(`/api/v1/admin/reviews/${r.id}/publish`);
    setBusy(null);
    showToast(done.ok ? `Avis « ${r.title} » publié` : done.message);
    void revalidator.revalidate();
  }

  return (
    <div className="space-y-6">
      <div>
        <h1 className="font-display text-3xl">Avis</h1>
        <p className="mt-1 text-muted">{`${page.total} avis`}</p>
      </div>
      {may.write ? null : <ReadOnlyNotice what={REVIEWS_READ_ONLY} />}
      <Form method="get" className="flex flex-wrap items-end gap-3">
        <label className="text-sm font-medium">
          Produit ou titre
          <input
            type="search"
            name="q"
            defaultValue={filters.q}
            maxLength={100}
            className="mt-1 block min-h-11 w-full rounded-lg border border-line bg-white px-3 sm:w-64"
          />
        </label>
        <label className="text-sm font-medium">
          Statut
          <Select name="status" defaultValue={filters.status} className="mt-1 block">
            <option value="">Tous</option>
            {REVIEW_STATUSES.map((s) => (
              <option key={s} value={s}>
                {REVIEW_STATUS_LABELS[s]}
              </option>
            ))}
          </Select>
        </label>
        <label className="text-sm font-medium">
          Note
          <Select name="rating" defaultValue={filters.rating} className="mt-1 block">
            <option value="">Toutes</option>
            {[5, 4, 3, 2, 1].map((n) => (
              <option key={n} value={n}>
                {`${n} étoile${n > 1 ? "s" : ""}`}
              </option>
            ))}
          </Select>
        </label>
        <label className="flex min-h-11 items-center gap-2 text-sm font-medium">
          <input type="checkbox" name="with_photos" value="1" defaultChecked={filters.withPhotos} />
          Avec photos
        </label>
        <Button type="submit" variant="outline">
          Filtrer
        </Button>
      </Form>
      {page.reviews.length === 0 ? (
        <p className="rounded-2xl border border-line bg-white p-6 text-muted">Aucun avis pour ce filtre.</p>
      ) : (
        <ul className="space-y-3">
          {page.reviews.map((r) => (
            <li key={r.id}>
              <article
                aria-label={`Avis « ${r.title} » sur ${r.product_name}`}
                className="rounded-2xl border border-line bg-white p-4 text-sm"
              >
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div className="min-w-0">
                    <h2 className="font-semibold break-words">{r.title}</h2>
                    <p className="text-muted break-words">
                      <Link to={`/product/${r.product_id}#avis`} className="underline underline-offset-4">
                        {r.product_name}
                      </Link>
                      {`${r.variant_label ? ` (${r.variant_label})` : ""} · ${r.author}${r.verified ? " · achat vérifié" : ""} · ${formatDate(r.created_at)}`}
                    </p>
                  </div>
                  <p className="font-semibold">
                    {REVIEW_STATUS_LABELS[r.status]}
                    {r.report_count > 0 ? ` · ${r.report_count} signalement${r.report_count > 1 ? "s" : ""}` : ""}
                  </p>
                </div>
                <Stars rating={r.rating} className="mt-2" />
                <p className="mt-2 whitespace-pre-line break-words">{r.body}</p>
                {r.photos.length > 0 && (
                  <ul className="mt-2 flex flex-wrap gap-2" aria-label="Photos">
                    {r.photos.map((url, i) => (
                      <li key={url}>
                        <a href={url} target="_blank" rel="noopener noreferrer">
                          <img
                            src={url}
                            alt={`Envoyée avec l'avis (${i + 1} sur ${r.photos.length})`}
                            width={96}
                            height={96}
                            className="h-24 w-24 rounded-lg border border-line object-cover"
                          />
                        </a>
                      </li>
                    ))}
                  </ul>
                )}
                {r.skin_type && <p className="mt-1 text-muted">{`Peau ${REVIEW_SKIN_TYPE_LABELS[r.skin_type].toLowerCase()}`}</p>}
                {r.status === "rejected" && r.rejection_reason && (
                  <p className="mt-2 text-danger">{`Refusé : ${REVIEW_REJECTION_LABELS[r.rejection_reason]}`}</p>
                )}
                {r.shop_answer && <p className="mt-2 rounded-xl bg-cream p-3">{`Réponse d'Aurore : ${r.shop_answer}`}</p>}
                {may.write && (
                  <div className="mt-3 flex flex-wrap gap-3">
                    {r.status === "pending" && (
                      <Button type="button" variant="ink" disabled={busy === r.id} onClick={() => publish(r)}>
                        Publier<span className="sr-only">{` l'avis « ${r.title} »`}</span>
                      </Button>
                    )}
                    {r.status !== "rejected" && (
                      <Button type="button" variant="danger-outline" onClick={() => setDialog({ kind: "reject", review: r })}>
                        Refuser<span className="sr-only">{` l'avis « ${r.title} »`}</span>
                      </Button>
                    )}
                    {r.status === "published" && (
                      <Button type="button" variant="outline" onClick={() => setDialog({ kind: "answer", review: r })}>
                        {r.shop_answer ? "Modifier la réponse" : "Répondre"}
                        <span className="sr-only">{` à l'avis « ${r.title} »`}</span>
                      </Button>
                    )}
                  </div>
                )}
              </article>
            </li>
          ))}
        </ul>
      )}
      {page.page_count > 1 && <Pager page={page.page} pageCount={page.page_count} hrefFor={hrefFor} />}
      {may.write && dialog && (
        <ModerationDialog
          kind={dialog.kind}
          review={dialog.review}
          onClose={() => setDialog(null)}
          onDone={(message) => {
            setDialog(null);
            showToast(message);
            void revalidator.revalidate();
          }}
        />
      )}
    </div>
  );
}

function ModerationDialog({
  kind,
  review,
  onClose,
  onDone,
}: {
  kind: "reject" | "answer";
  review: AdminReviewView;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const [reason, setReason] = useState<ReviewRejectionReason | "">("");
  const [answer, setAnswer] = useState(review.shop_answer ?? "");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);

  async function submit() {
    setBusy(true);
    const done =
      kind === "reject"
        ? await post(`/api/v1/admin/reviews/${review.id}/reject`, { reason })
        : await post(`/api/v1/admin/reviews/${review.id}/answer`, { answer });
    setBusy(false);
    if (!done.ok) return setError(done.message);
    onDone(kind === "reject" ? `Avis « ${review.title} » refusé` : "Réponse publiée");
  }

  return (
    <Modal title={kind === "reject" ? "Refuser l'avis" : "Répondre à l'avis"} onClose={onClose}>
      <p className="text-sm text-muted break-words">{`« ${review.title} » · ${review.author}`}</p>
      {kind === "reject" ? (
        <label className="mt-4 block text-sm font-medium">
          Motif du refus
          <Select
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value as ReviewRejectionReason)}
            className="mt-1 block w-full"
            data-autofocus
          >
            <option value="">Choisissez un motif</option>
            {REVIEW_REJECTION_REASONS.map((r) => (
              <option key={r} value={r}>
                {REVIEW_REJECTION_LABELS[r]}
              </option>
            ))}
          </Select>
        </label>
      ) : (
        <label className="mt-4 block text-sm font-medium">
          Réponse publique
          <textarea
            value={answer}
            onChange={(e) => setAnswer(e.currentTarget.value)}
            maxLength={REVIEW_ANSWER_MAX}
            rows={5}
            data-autofocus
            className="mt-1 block w-full rounded-lg border border-line px-3 py-2"
          />
        </label>
      )}
      {error && (
        <p role="alert" className="mt-3 text-sm text-danger">
          {error}
        </p>
      )}
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <Button type="button" onClick={onClose} variant="outline">
          Annuler
        </Button>
        <Button type="button" onClick={submit} disabled={busy} variant={kind === "reject" ? "danger" : "ink"}>
          {kind === "reject" ? "Refuser l'avis" : "Publier la réponse"}
        </Button>
      </div>
    </Modal>
  );
}
