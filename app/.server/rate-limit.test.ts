import { describe, expect, it } from "vitest";
import { FORM_LIMITS, hitFormLimit, requestKey } from "./rate-limit";

const from = (ip: string) => new Request("http://shop.test/service-client", { headers: { "x-aurore-client-ip": ip } });

describe("form limits", () => {
  it("keys a visitor by the IP the server recorded, a signed-in shopper by account", () => {
    expect(requestKey(from("203.0.113.7"))).toBe("ip:203.0.113.7");
    expect(requestKey(from("203.0.113.7"), "user-42")).toBe("user:user-42");
    expect(requestKey(new Request("http://shop.test/"))).toBe("ip:unknown");
  });

  it("lets 10 contact messages through in 10 minutes, refuses the 11th, not another client's, and forgets after the window", () => {
    const start = 1_000_000;
    const key = requestKey(from(`198.51.100.${Math.floor(Math.random() * 200)}`));
    const answers = Array.from({ length: 11 }, (_, i) => hitFormLimit("contact", key, start + i * 1000));
    expect(answers.filter((a) => a.allowed)).toHaveLength(FORM_LIMITS.contact.limit);
    // The oldest of the 10 leaves the window 590 s after the 11th try.
    expect(answers[10]).toEqual({ allowed: false, retryAfterSeconds: 590 });
    // Each form counts on its own, and so does each client.
    expect(hitFormLimit("newsletter", key, start + 11_000)).toEqual({ allowed: true });
    expect(hitFormLimit("contact", "ip:192.0.2.200", start + 11_000)).toEqual({ allowed: true });
    expect(hitFormLimit("contact", key, start + FORM_LIMITS.contact.windowMs + 1)).toEqual({ allowed: true });
  });
});
