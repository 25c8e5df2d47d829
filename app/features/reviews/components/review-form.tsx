import { useId, useState, type FormEvent } from "react";
import { buttonClass } from "~/components/ui/button";
import { createReview, deleteReview, failureMessage, updateReview } from "../review-api";
import { ReviewCreateSchema, ReviewPatchSchema } from "~/domain/reviews/reviews";
import { useT, useTranslateMessage, type MessageKey } from "~/components/ui/i18n";
import { REVIEW_BODY_MAX, REVIEW_TITLE_MAX, REVIEW_REJECTION_LABELS, type OwnReviewView } from "~/domain/reviews/review-rules";
import * as SHOP_MESSAGES from "~/domain/messages/shop";
import { useMyReviews } from "./review-form-entry";
import {
  inputClass,
  ReviewProfileFields,
  ReviewRatingField,
  ReviewTextFields,
  ReviewVariantField,
  type ReviewErrors as Errors,
} from "./review-form-fields";
import { ReviewPhotosField, useReviewPhotos } from "./review-form-photos";

/**
 * 'Donner mon avis', shown only to a signed-in shopper who received this product and has not
 * reviewed every variant bought (asked in the browser: the product page is the same for all).
 * Validated with the review schema here and again on the server. Mounted only for a signed-in
 * shopper (LazyReviewForm in product-reviews.tsx).
 */
export function ReviewForm({ productId, productName }: { productId: string; productName: string }) {
  const { mine, setMine, open, setOpen } = useMyReviews(productId);
  const reviewable = mine?.variants ?? null;
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const reviewPhotos = useReviewPhotos((message) => setErrors((e) => ({ ...e, photos: message })));
  const id = useId();
  const t = useT();
  const translateMessage = useTranslateMessage();

  if (sent) {
    return (
      <p role="status" className="mt-6 rounded-xl bg-cream p-4 text-sm">
        {t("shop.reviewForm.sent")}
      </p>
    );
  }
  if (!mine) return null;
  const own =
    mine.own.length > 0 ? (
      <OwnReviews
        reviews={mine.own}
        onDeleted={(id) => setMine({ ...mine, own: mine.own.filter((r) => r.id !== id) })}
        onEdited={(next) => setMine({ ...mine, own: mine.own.map((r) => (r.id === next.id ? next : r)) })}
      />
    ) : null;
  if (!reviewable || reviewable.length === 0) return own;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const values = Object.fromEntries([...form.entries()].map(([k, v]) => [k, String(v)]));
    if (reviewable?.length === 1) values.variant_id = reviewable[0].variant_id;
    delete values.photo_files;
    const parsed = ReviewCreateSchema.safeParse({ ...values, photos: reviewPhotos.photos });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0]) as keyof Errors;
        next[key] ??= issue.message;
      }
      setErrors(next);
      document.getElementById(`${id}-${Object.keys(next)[0]}`)?.focus();
      return;
    }
    setBusy(true);
    setErrors({});
    const created = await createReview(productId, parsed.data);
    setBusy(false);
    if (created.ok) return setSent(true);
    setErrors({ form: failureMessage(created, SHOP_MESSAGES.reviewCouldNotSavedTry) });
  }

  return (
    <div id="donner-mon-avis" className="mt-6 scroll-mt-24">
      {own}
      {!open ? (
        <button type="button" onClick={() => setOpen(true)} className={buttonClass({ variant: "accent" })}>
          {t("shop.reviewForm.open")}
        </button>
      ) : (
        <form
          onSubmit={submit}
          noValidate
          aria-labelledby={`${id}-heading`}
          className="space-y-4 rounded-2xl border border-line bg-white p-5"
        >
          <h3 id={`${id}-heading`} className="font-semibold">
            {t("shop.reviewForm.heading", { name: productName })}
          </h3>
          {reviewable.length > 1 && <ReviewVariantField id={id} errors={errors} reviewable={reviewable} />}
          <ReviewRatingField id={id} errors={errors} />
          <ReviewTextFields id={id} errors={errors} />
          <ReviewProfileFields id={id} />
          <ReviewPhotosField id={id} errors={errors} photos={reviewPhotos} />
          <p className="text-xs text-muted">{t("shop.reviewForm.notice")}</p>
          {errors.form && (
            <p role="alert" className="text-sm text-danger">
              {translateMessage(errors.form)}
            </p>
          )}
          <button type="submit" disabled={busy || reviewPhotos.uploading} className={buttonClass({ variant: "accent" })}>
            {busy ? t("shop.reviewForm.sending") : t("shop.reviewForm.publish")}
          </button>
        </form>
      )}
    </div>
  );
}

const STATUS_TEXT: Record<OwnReviewView["status"], MessageKey> = {
  pending: "shop.reviewForm.status.pending",
  published: "shop.reviewForm.status.published",
  rejected: "shop.reviewForm.status.rejected",
};

/** The shopper's own reviews of this product: their status, 'Modifier mon avis' until moderated, and 'Supprimer mon avis' (confirmed). */
function OwnReviews({
  reviews,
  onDeleted,
  onEdited,
}: {
  reviews: OwnReviewView[];
  onDeleted: (id: string) => void;
  onEdited: (review: OwnReviewView) => void;
}) {
  const [confirming, setConfirming] = useState<string | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [message, setMessage] = useState("");
  const t = useT();
  const translateMessage = useTranslateMessage();

  async function remove(id: string) {
    const deleted = await deleteReview(id);
    if (deleted.ok) {
      setMessage(t("shop.reviewForm.deleted"));
      onDeleted(id);
    } else {
      setMessage(t("shop.reviewForm.deleteFailed"));
    }
    setConfirming(null);
  }

  return (
    <div className="mt-6 space-y-3">
      <h3 className="font-semibold">{t("shop.reviewForm.yours")}</h3>
      <ul className="space-y-3 text-sm">
        {reviews.map((r) => (
          <li key={r.id} className="rounded-xl border border-line bg-white p-3">
            <p>
              {t("shop.reviewForm.ownLine", {
                title: r.title,
                rating: r.rating,
                variant: r.variant_label ? `, ${r.variant_label}` : "",
                status: t(STATUS_TEXT[r.status]),
              })}
              {r.status === "rejected" && r.rejection_reason ? ` (${translateMessage(REVIEW_REJECTION_LABELS[r.rejection_reason])})` : ""}.
            </p>
            {confirming === r.id ? (
              <div className="mt-2 flex flex-wrap gap-2">
                <button type="button" onClick={() => remove(r.id)} className={buttonClass({ variant: "danger", size: "sm" })}>
                  {t("shop.reviewForm.confirmDelete")}
                </button>
                <button type="button" onClick={() => setConfirming(null)} className={buttonClass({ size: "sm" })}>
                  {t("shop.reviewForm.cancel")}
                </button>
              </div>
            ) : editing === r.id ? (
              <EditOwnReview
                review={r}
                onCancel={() => setEditing(null)}
                onSaved={(next) => {
                  setEditing(null);
                  setMessage(t("shop.reviewForm.edited"));
                  onEdited(next);
                }}
              />
            ) : (
              <div className="mt-2 flex flex-wrap gap-4">
                {r.status === "pending" && (
                  <button
                    type="button"
                    onClick={() => setEditing(r.id)}
                    className="min-h-11 underline underline-offset-4 hover:text-accent"
                  >
                    {t("shop.reviewForm.edit")}
                  </button>
                )}
                <button
                  type="button"
                  onClick={() => setConfirming(r.id)}
                  className="min-h-11 underline underline-offset-4 hover:text-accent"
                >
                  {t("shop.reviewForm.delete")}
                </button>
              </div>
            )}
          </li>
        ))}
      </ul>
      <p role="status" className="text-sm text-muted">
        {message}
      </p>
    </div>
  );
}

/** Editing an own review while it waits for moderation: the note, the title and the text. */
function EditOwnReview({
  review,
  onCancel,
  onSaved,
}: {
  review: OwnReviewView;
  onCancel: () => void;
  onSaved: (r: OwnReviewView) => void;
}) {
  const id = useId();
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const t = useT();
  const translateMessage = useTranslateMessage();

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = Object.fromEntries([...new FormData(event.currentTarget).entries()].map(([k, v]) => [k, String(v)]));
    const parsed = ReviewPatchSchema.safeParse(values);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? SHOP_MESSAGES.invalidReview);
    setBusy(true);
    const updated = await updateReview(review.id, parsed.data);
    setBusy(false);
    if (updated.ok) return onSaved(updated.data);
    setError(failureMessage(updated, SHOP_MESSAGES.reviewCouldNotUpdatedTry));
  }

  return (
    <form onSubmit={save} noValidate className="mt-3 space-y-3" aria-label={t("shop.reviewForm.edit")}>
      <label className="block">
        <span className="font-semibold">{t("shop.reviewForm.rating")}</span>
        <select name="rating" defaultValue={String(review.rating)} className={inputClass}>
          {[1, 2, 3, 4, 5].map((n) => (
            <option key={n} value={n}>
              {t("shop.reviews.stars", { count: n })}
            </option>
          ))}
        </select>
      </label>
      <label className="block" htmlFor={`${id}-title`}>
        <span className="font-semibold">{t("shop.reviewForm.title")}</span>
      </label>
      <input id={`${id}-title`} name="title" defaultValue={review.title} maxLength={REVIEW_TITLE_MAX} className={inputClass} />
      <label className="block" htmlFor={`${id}-body`}>
        <span className="font-semibold">{t("shop.reviewForm.body")}</span>
      </label>
      <textarea id={`${id}-body`} name="body" rows={4} defaultValue={review.body} maxLength={REVIEW_BODY_MAX} className={inputClass} />
      {error && (
        <p role="alert" className="text-danger">
          {translateMessage(error)}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <button type="submit" disabled={busy} className={buttonClass({ variant: "accent", size: "sm" })}>
          {t("shop.reviewForm.save")}
        </button>
        <button type="button" onClick={onCancel} className={buttonClass({ size: "sm" })}>
          {t("shop.reviewForm.cancel")}
        </button>
      </div>
    </form>
  );
}
