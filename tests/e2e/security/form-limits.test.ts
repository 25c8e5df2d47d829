import { describe, expect, it } from "vitest";
import { uniqueEmail } from "../../support/accounts";
import { signUpCookie } from "../../support/http-session";
import { e2eShop } from "../../support/e2e-shop";

/**
 * The form limits as a script filling the outbox meets them (decision 038): counted in the
 * database, so parallel requests cannot all slip through; the 11th ticket in 10 minutes is refused
 * in French with a Retry-After.
 */
const baseURL = e2eShop().baseURL;

describe("form limits over HTTP", () => {
  it("opens 10 support tickets out of 15 sent at once, then refuses with 429 and Retry-After", async () => {
    const cookie = await signUpCookie(baseURL, uniqueEmail("form-limits"), "Secret123!Aurore", "Marie");
    const post = (i: number) =>
      fetch(`${baseURL}/api/v1/support-tickets`, {
        method: "POST",
        headers: { origin: baseURL, cookie, "content-type": "application/json" },
        body: JSON.stringify({ subject: `Question ${i}`, description: "Bonjour, une question sur ma commande." }),
      });
    const answers = await Promise.all(Array.from({ length: 15 }, (_, i) => post(i)));
    expect(answers.filter((r) => r.status === 201)).toHaveLength(10);
    const refused = answers.filter((r) => r.status === 429);
    expect(refused).toHaveLength(5);
    const retryAfter = Number(refused[0].headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect(JSON.stringify(await refused[0].json())).toContain(
      "Trop de demandes en peu de temps. Veuillez réessayer dans quelques minutes.",
    );
    expect((await post(16)).status).toBe(429);
  });
});
