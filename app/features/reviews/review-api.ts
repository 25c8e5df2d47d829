/** Browser calls to the reviews API. Every function resolves (never throws). */
import { callJsonApi, type JsonApiFailure, type JsonApiResult } from "~/lib/json-api";
import type { OwnReviewView } from "~/domain/reviews/review-rules";
import * as SHOP_MESSAGES from "~/domain/messages/shop";

export const NETWORK_MESSAGE = SHOP_MESSAGES.cannotConnectCheckNetworkTry;

/** What to tell the shopper of a refused call: the server's French message, or the fallback. */
export function failureMessage(failure: JsonApiFailure, fallback: string): string {
  if (failure.status === 0) return NETWORK_MESSAGE;
  return failure.message || fallback;
}

export type Reviewable = { variant_id: string; variant_label: string | null };
export type MyReviews = { variants: Reviewable[]; own: OwnReviewView[] };

export function fetchMyReviews(productId: string): Promise<JsonApiResult<MyReviews>> {
  return callJsonApi(`/api/v1/products/${encodeURIComponent(productId)}/reviewable`);
}

export function createReview(productId: string, body: unknown): Promise<JsonApiResult<OwnReviewView>> {
  return callJsonApi(`/api/v1/products/${encodeURIComponent(productId)}/reviews`, { method: "POST", body });
}

export function updateReview(id: string, body: unknown): Promise<JsonApiResult<OwnReviewView>> {
  return callJsonApi(`/api/v1/reviews/${encodeURIComponent(id)}`, { method: "PATCH", body });
}

export function deleteReview(id: string): Promise<JsonApiResult<{ id: string; deleted: true }>> {
  return callJsonApi(`/api/v1/reviews/${encodeURIComponent(id)}`, { method: "DELETE" });
}

export function voteReview(id: string): Promise<JsonApiResult<{ helpful_count: number; counted: boolean }>> {
  return callJsonApi(`/api/v1/reviews/${encodeURIComponent(id)}/vote`, { method: "POST", body: {} });
}

export function reportReview(id: string): Promise<JsonApiResult<{ counted: boolean }>> {
  return callJsonApi(`/api/v1/reviews/${encodeURIComponent(id)}/report`, { method: "POST", body: {} });
}
