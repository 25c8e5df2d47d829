import { useT, useTranslateMessage, type MessageKey } from "~/components/ui/i18n";
import {
  REVIEW_AGE_RANGES,
  REVIEW_BODY_MAX,
  REVIEW_SKIN_TYPE_LABELS,
  REVIEW_SKIN_TYPES,
  REVIEW_TITLE_MAX,
} from "~/domain/reviews/review-rules";
import type { Reviewable } from "../review-api";

/** The review form's messages, one per field (and one for the whole form). */
export type ReviewErrors = Partial<
  Record<"rating" | "title" | "body" | "skin_type" | "age_range" | "variant_id" | "photos" | "form", string>
>;

export const inputClass = "min-h-11 w-full rounded-lg border border-line bg-white px-3 py-2";

/** What every field of the form knows: the form's id (its fields' ids start with it) and the messages. */
export type ReviewFieldProps = { id: string; errors: ReviewErrors };

/** The id of a field's message, when it has one, for aria-describedby. */
export function describedBy(id: string, errors: ReviewErrors, field: keyof ReviewErrors): string | undefined {
  return errors[field] ? `${id}-${field}-error` : undefined;
}

export function ReviewFieldError({ id, errors, field }: ReviewFieldProps & { field: keyof ReviewErrors }) {
  const translateMessage = useTranslateMessage();
  return errors[field] ? (
    <p id={`${id}-${field}-error`} className="mt-1 text-sm text-danger">
      {translateMessage(errors[field] ?? "")}
    </p>
  ) : null;
}

/** The variant reviewed, asked only when the shopper bought more than one. */
export function ReviewVariantField({ id, errors, reviewable }: ReviewFieldProps & { reviewable: Reviewable[] }) {
  const t = useT();
  return (
    <div>
      <label htmlFor={`${id}-variant_id`} className="text-sm font-semibold">
        {t("shop.reviewForm.variant")}
      </label>
      <select id={`${id}-variant_id`} name="variant_id" className={inputClass} aria-describedby={describedBy(id, errors, "variant_id")}>
        <option value="">{t("shop.reviewForm.choose")}</option>
        {reviewable.map((v) => (
          <option key={v.variant_id} value={v.variant_id}>
            {v.variant_label ?? t("shop.reviewForm.singleFormat")}
          </option>
        ))}
      </select>
      <ReviewFieldError id={id} errors={errors} field="variant_id" />
    </div>
  );
}

export function ReviewRatingField({ id, errors }: ReviewFieldProps) {
  const t = useT();
  return (
    <fieldset aria-describedby={describedBy(id, errors, "rating")}>
      <legend className="text-sm font-semibold">{t("shop.reviewForm.rating")}</legend>
      <div className="mt-1 flex flex-wrap gap-2">
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} className="flex min-h-11 items-center gap-1 rounded-lg border border-line px-3">
            <input type="radio" name="rating" value={n} id={n === 1 ? `${id}-rating` : undefined} />
            {t("shop.reviews.stars", { count: n })}
          </label>
        ))}
      </div>
      <ReviewFieldError id={id} errors={errors} field="rating" />
    </fieldset>
  );
}

/** The title and the text of the review. */
export function ReviewTextFields({ id, errors }: ReviewFieldProps) {
  const t = useT();
  return (
    <>
      <div>
        <label htmlFor={`${id}-title`} className="text-sm font-semibold">
          {t("shop.reviewForm.title")}
        </label>
        <input
          id={`${id}-title`}
          name="title"
          maxLength={REVIEW_TITLE_MAX}
          className={inputClass}
          aria-invalid={Boolean(errors.title)}
          aria-describedby={describedBy(id, errors, "title")}
        />
        <ReviewFieldError id={id} errors={errors} field="title" />
      </div>
      <div>
        <label htmlFor={`${id}-body`} className="text-sm font-semibold">
          {t("shop.reviewForm.body")}
        </label>
        <textarea
          id={`${id}-body`}
          name="body"
          rows={5}
          maxLength={REVIEW_BODY_MAX}
          className={inputClass}
          aria-invalid={Boolean(errors.body)}
          aria-describedby={describedBy(id, errors, "body")}
        />
        <ReviewFieldError id={id} errors={errors} field="body" />
      </div>
    </>
  );
}

/** The reviewer's skin type and age range, both optional. */
export function ReviewProfileFields({ id }: { id: string }) {
  const t = useT();
  const translateMessage = useTranslateMessage();
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <div>
        <label htmlFor={`${id}-skin_type`} className="text-sm font-semibold">
          {t("shop.reviewForm.skinType")}
        </label>
        <select id={`${id}-skin_type`} name="skin_type" className={inputClass}>
          <option value="">{t("shop.reviewForm.notSpecified")}</option>
          {REVIEW_SKIN_TYPES.map((s) => (
            <option key={s} value={s}>
              {translateMessage(REVIEW_SKIN_TYPE_LABELS[s])}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-age_range`} className="text-sm font-semibold">
          {t("shop.reviewForm.ageRange")}
        </label>
        <select id={`${id}-age_range`} name="age_range" className={inputClass}>
          <option value="">{t("shop.reviewForm.notSpecifiedFem")}</option>
          {REVIEW_AGE_RANGES.map((a) => (
            <option key={a} value={a}>
              {t(`shop.reviews.age.${a}` as MessageKey)}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
