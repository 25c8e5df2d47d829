import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createMailer } from "./mailer";
import { signUnsubscribeToken, verifyUnsubscribeToken } from "./unsubscribe-token";

const SECRET = "un-secret-de-test-de-plus-de-trente-deux-caracteres";

describe("one-click unsubscribe tokens (decision 069)", () => {
  it("names the user it was signed for, and only with this shop's secret", () => {
    const token = signUnsubscribeToken("user-42", SECRET);
    expect(verifyUnsubscribeToken(token, SECRET)).toBe("user-42");
    expect(verifyUnsubscribeToken(token, `${SECRET}-autre`)).toBeNull();
  });

  it("refuses a tampered, truncated, swapped or malformed token", () => {
    const token = signUnsubscribeToken("user-42", SECRET);
    const [id, mac] = token.split(".") as [string, string];
    const other = signUnsubscribeToken("user-43", SECRET);
    const flipped = `${mac.slice(0, 5)}${mac[5] === "A" ? "B" : "A"}${mac.slice(6)}`;
    for (const bad of [
      `${id}.${flipped}`,
      `${id}.${mac.slice(0, -1)}`,
      `${other.split(".")[0]}.${mac}`,
      `${Buffer.from("user-43").toString("base64url")}.${mac}`,
      id,
      `${id}.${mac}.x`,
      "",
      ".",
      "a b.c",
      "x".repeat(600),
      undefined,
      42,
    ]) {
      expect(verifyUnsubscribeToken(bad, SECRET)).toBeNull();
    }
  });

  it("the file mailer writes the List-Unsubscribe headers the outbox hands it", async () => {
    const mailDir = fs.mkdtempSync(path.join(os.tmpdir(), "aurore-unsub-"));
    try {
      const send = createMailer({ from: "Aurore <contact@aurore-beaute.fr>", mailDir });
      await send({
        to: "camille@example.com",
        subject: "Votre panier vous attend",
        text: "Bonjour",
        headers: {
          "List-Unsubscribe": "<https://boutique.example/e-mails/desinscription?token=abc.def>",
          "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        },
      });
      const [file] = fs.readdirSync(mailDir);
      // Long headers are folded onto several lines (RFC 5322): unfolded here.
      const eml = fs.readFileSync(path.join(mailDir, file!), "utf8").replace(/\r?\n[ \t]+/g, " ");
      expect(eml).toContain("List-Unsubscribe: <https://boutique.example/e-mails/desinscription?token=abc.def>");
      expect(eml).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    } finally {
      fs.rmSync(mailDir, { recursive: true, force: true });
    }
  });
});
