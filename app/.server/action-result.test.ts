import { describe, expect, it } from "vitest";
import { conflict, DomainError, invalid, notFound } from "~/domain/errors";
import { actionFailure, actionSuccess, failureFieldErrors } from "~/domain/http/action-result";
import { answerAction, refused, succeeded } from "./action-result";

/** The one answer of a page action (decision 056). */
describe("ActionResult", () => {
  it("is a success with its data and, when given, its message", () => {
    expect(actionSuccess({ orderId: "o1" })).toEqual({ ok: true, data: { orderId: "o1" } });
    expect(actionSuccess(null, "Catégorie supprimée")).toEqual({ ok: true, data: null, message: "Catégorie supprimée" });
  });

  it("is a refusal built from a domain error: its code, its French message, its fields", () => {
    expect(actionFailure(conflict("stock_insufficient", "Stock insuffisant"))).toEqual({
      ok: false,
      code: "stock_insufficient",
      message: "Stock insuffisant",
    });
    const many = invalid("invalid_client", "Vérifiez les champs", { fieldErrors: { email: "Format d'email invalide", name: undefined } });
    const failure = actionFailure(many);
    expect(failure).toEqual({
      ok: false,
      code: "invalid_client",
      message: "Vérifiez les champs",
      fieldErrors: { email: "Format d'email invalide", name: undefined },
    });
    expect(failureFieldErrors(failure)).toEqual({ email: "Format d'email invalide" });
    // One field named by the error is that field's message.
    const one = actionFailure(invalid("tracking_invalid", "Numéro de suivi invalide", { field: "tracking_number" }));
    expect(one.fieldErrors?.tracking_number).toBe("Numéro de suivi invalide");
    expect(actionFailure(conflict("in_use", "Catégorie utilisée")).fieldErrors).toBeUndefined();
  });

  it("gives a page form's typed values back with its refusal, and only when asked", async () => {
    const values = { name: "Colissimo", price: "abc" };
    const answer = await answerAction(async () => {
      throw invalid("invalid_method", "Vérifiez les champs", { fieldErrors: { price: "Prix invalide" } });
    }, values);
    expect(answer.data).toEqual({
      ok: false,
      code: "invalid_method",
      message: "Vérifiez les champs",
      fieldErrors: { price: "Prix invalide" },
      values,
    });
    expect(answer.init?.status).toBe(400);
    expect(refused(notFound("gone", "Introuvable")).data).not.toHaveProperty("values");
  });
});

describe("answerAction", () => {
  it("answers the run's data and message with 200", async () => {
    const answer = await answerAction(async () => ({ data: { categoryId: "c1" }, message: "Catégorie créée" }));
    expect(answer.data).toEqual({ ok: true, data: { categoryId: "c1" }, message: "Catégorie créée" });
    expect(answer.init?.status ?? 200).toBe(200);
    expect(succeeded(null).data).toEqual({ ok: true, data: null });
  });

  it("answers a thrown domain error as its refusal, with the error's status", async () => {
    const answer = await answerAction(async () => {
      throw notFound("category_not_found", "Catégorie introuvable");
    });
    expect(answer.data).toEqual({ ok: false, code: "category_not_found", message: "Catégorie introuvable" });
    expect(answer.init?.status).toBe(404);
    expect(refused(conflict("in_use", "Catégorie utilisée")).init?.status).toBe(409);
    expect(refused(new DomainError("failed", "client_deletion_failed", "Erreur")).init?.status).toBe(500);
  });

  it("carries the error's details, its wait as Retry-After, and the headers it is given", () => {
    const expired = refused(invalid("gift_card_expired", "Carte expirée", { details: { expires_at: "2025-01-31T00:00:00.000Z" } }));
    expect(expired.data).toMatchObject({ ok: false, code: "gift_card_expired", details: { expires_at: "2025-01-31T00:00:00.000Z" } });
    expect(expired.init).toEqual({ status: 400 });
    const limited = refused(
      new DomainError("rate_limited", "too_many_requests", "Trop de demandes", { details: { retryAfterSeconds: 42 } }),
      undefined,
      {
        "Cache-Control": "no-store",
      },
    );
    expect(limited.init).toEqual({ status: 429, headers: { "Cache-Control": "no-store", "Retry-After": "42" } });
    expect(succeeded({ last4: "1234" }, undefined, { "Cache-Control": "no-store" }).init).toEqual({
      headers: { "Cache-Control": "no-store" },
    });
  });

  it("lets any other error through, for the last-resort handler", async () => {
    await expect(
      answerAction(async () => {
        throw new Error("connection lost");
      }),
    ).rejects.toThrow("connection lost");
  });
});
