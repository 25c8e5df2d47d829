import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import type { Language } from "~/domain/i18n/languages";
import { tooManyAttemptsMessage } from "~/domain/auth/auth.rules";
import { MAX_LINE_QUANTITY_MESSAGE } from "~/domain/checkout/checkout.schema";
import { INSUFFICIENT_POINTS_MESSAGE } from "~/domain/loyalty/loyalty.rules";
import type { ActionFailure } from "~/domain/http/action-result";
import { useFailureText, useRefusalText } from "./refusal-text";
import { withI18n } from "../../../tests/support/i18n";

function Refusal({ message, retryAfterSeconds }: { message: string; retryAfterSeconds?: number }) {
  return <p>{useRefusalText()(message, retryAfterSeconds)}</p>;
}

function Failure({ failure }: { failure: ActionFailure }) {
  return <p>{useFailureText()(failure)}</p>;
}

const renderFailure = (language: Language, failure: ActionFailure) =>
  renderToStaticMarkup(withI18n(<Failure failure={failure} />, language))
    .replace(/^<p>|<\/p>$/g, "")
    .replace(/&#x27;/g, "'");

const render = (language: Language, message: string, retryAfterSeconds?: number) =>
  renderToStaticMarkup(withI18n(<Refusal message={message} retryAfterSeconds={retryAfterSeconds} />, language))
    .replace(/^<p>|<\/p>$/g, "")
    .replace(/&#x27;/g, "'");

describe("useRefusalText (decision 044)", () => {
  it("words a rate limit's wait in French exactly as the server does", () => {
    for (const seconds of [1, 2, 59, 60, 61, 120, 600]) {
      expect(render("fr", tooManyAttemptsMessage(seconds), seconds), String(seconds)).toBe(tooManyAttemptsMessage(seconds));
    }
  });

  it("words it in English from the wait, not from the French sentence", () => {
    expect(render("en", tooManyAttemptsMessage(1), 1)).toBe("Too many attempts. Please try again in 1 second.");
    expect(render("en", tooManyAttemptsMessage(45), 45)).toBe("Too many attempts. Please try again in 45 seconds.");
    expect(render("en", tooManyAttemptsMessage(60), 60)).toBe("Too many attempts. Please try again in 1 minute.");
    expect(render("en", tooManyAttemptsMessage(299), 299)).toBe("Too many attempts. Please try again in 5 minutes.");
  });

  it("translates any other refusal through its message key, and shows an unknown one as it is", () => {
    expect(render("en", "Mot de passe actuel incorrect")).toBe("Incorrect current password");
    expect(render("fr", "Mot de passe actuel incorrect")).toBe("Mot de passe actuel incorrect");
    expect(render("en", "Un texte inconnu")).toBe("Un texte inconnu");
  });

  it("translates the checkout's line-quantity cap and a points spend above the balance", () => {
    // Tied to the constants: a new cap or wording without its catalog key fails here.
    expect(MAX_LINE_QUANTITY_MESSAGE).toBe("Quantité maximale : 99 par article");
    expect(render("en", MAX_LINE_QUANTITY_MESSAGE)).toBe("Maximum quantity: 99 per item");
    expect(render("fr", MAX_LINE_QUANTITY_MESSAGE)).toBe(MAX_LINE_QUANTITY_MESSAGE);
    expect(render("en", INSUFFICIENT_POINTS_MESSAGE)).toBe("Not enough Beauty Pass points");
    expect(render("fr", INSUFFICIENT_POINTS_MESSAGE)).toBe("Points insuffisants");
  });

  it("words an ActionFailure's wait only when its message names one (too_many_attempts)", () => {
    const limited = (seconds: number): ActionFailure => ({
      ok: false,
      code: "too_many_attempts",
      message: tooManyAttemptsMessage(seconds),
      details: { retryAfterSeconds: seconds },
    });
    expect(renderFailure("fr", limited(299))).toBe(tooManyAttemptsMessage(299));
    expect(renderFailure("en", limited(299))).toBe("Too many attempts. Please try again in 5 minutes.");
    expect(renderFailure("en", limited(45))).toBe("Too many attempts. Please try again in 45 seconds.");
    // Another limit's message names no wait: it is translated as it is, its wait left aside.
    const other: ActionFailure = { ok: false, code: "too_many_requests", message: "Un texte inconnu", details: { retryAfterSeconds: 300 } };
    expect(renderFailure("en", other)).toBe("Un texte inconnu");
    expect(renderFailure("en", { ok: false, code: "wrong_password", message: "Mot de passe actuel incorrect" })).toBe(
      "Incorrect current password",
    );
  });
});
