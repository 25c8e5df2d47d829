/**
 * Upload limits over HTTP, on the real server: a review photo up to the documented size is taken
 * (the server's backstop and the route read one constant, app/domain/http/body-limits.mjs) and one
 * past it reads the route's own French message; an account past its hourly uploads gets a French
 * 429 with Retry-After.
 */
import http from "node:http";
import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { uniqueEmail } from "../../support/accounts";
import { signUpCookie } from "../../support/http-session";
import { e2eShop } from "../../support/e2e-shop";
import { IMAGE_TOO_LARGE_MESSAGE } from "~/domain/catalog/admin-product-form.schema";
import { IMAGE_UPLOAD_MAX_BYTES } from "~/domain/http/body-limits.mjs";
import { REVIEW_MESSAGES, REVIEW_PHOTO_UPLOADS_PER_HOUR } from "~/domain/reviews/review-rules";

const baseURL = e2eShop().baseURL;

const send = (cookie: string, body: Uint8Array, type = "image/png") =>
  fetch(`${baseURL}/api/v1/review-photos`, {
    method: "POST",
    headers: { origin: baseURL, cookie, "content-type": type },
    body: Buffer.from(body),
  });

/** The same POST on a connection of its own (node:http, no agent): status, Connection header and body. */
function sendAlone(cookie: string, body: Uint8Array): Promise<{ status: number; connection: string | undefined; body: string }> {
  return new Promise((resolve, reject) => {
    let answer: { status: number; connection: string | undefined; body: string } | null = null;
    const req = http.request(`${baseURL}/api/v1/review-photos`, {
      method: "POST",
      agent: false,
      headers: { origin: baseURL, cookie, "content-type": "image/png", "content-length": String(body.byteLength) },
    });
    req.on("response", (res) => {
      answer = { status: res.statusCode ?? 0, connection: res.headers.connection, body: "" };
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (answer!.body += chunk));
      res.on("end", () => resolve(answer!));
    });
    // The server cuts the rest of the upload once it has answered: the answer is what counts.
    req.on("error", (error) => (answer ? resolve(answer) : reject(error)));
    req.end(Buffer.from(body));
  });
}

/** A PNG of noise (it does not compress) of about `bytes`. */
async function noisePng(bytes: number): Promise<Uint8Array> {
  const side = Math.floor(Math.sqrt(bytes / 3));
  return new Uint8Array(
    await sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer(),
  );
}

describe("review photo uploads", () => {
  it("takes a photo of nearly the documented size, and answers the route's French message just past it", async () => {
    const cookie = await signUpCookie(baseURL, uniqueEmail("photo-size"));
    const large = await noisePng(IMAGE_UPLOAD_MAX_BYTES - 256 * 1024);
    expect(large.byteLength).toBeGreaterThan(1024 * 1024);
    expect(large.byteLength).toBeLessThanOrEqual(IMAGE_UPLOAD_MAX_BYTES);
    const taken = await send(cookie, large);
    expect(taken.status).toBe(201);
    expect(((await taken.json()) as { data: { url: string } }).data.url).toMatch(/^\/media\/uploads\/reviews\//);

    // Refused before it is read, then the server closes that connection: sent on a connection of
    // its own, so fetch's pool never reuses a socket the server is about to cut.
    const past = await sendAlone(cookie, new Uint8Array(IMAGE_UPLOAD_MAX_BYTES + 1));
    expect(past.status).toBe(413);
    expect(past.connection).toBe("close");
    expect((JSON.parse(past.body) as { error: { code: string; message: string } }).error).toEqual({
      code: "image_too_large",
      message: IMAGE_TOO_LARGE_MESSAGE,
    });
  });

  it(`refuses the ${REVIEW_PHOTO_UPLOADS_PER_HOUR + 1}th photo of the hour with a French 429 and Retry-After`, async () => {
    const cookie = await signUpCookie(baseURL, uniqueEmail("photo-rate"));
    const png = new Uint8Array(
      await sharp({ create: { width: 8, height: 8, channels: 3, background: "#e8c4b0" } })
        .png()
        .toBuffer(),
    );
    for (let i = 0; i < REVIEW_PHOTO_UPLOADS_PER_HOUR; i++) expect((await send(cookie, png)).status).toBe(201);
    const refused = await send(cookie, png);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(((await refused.json()) as { error: { code: string; message: string } }).error).toMatchObject({
      code: "too_many_photo_uploads",
      message: REVIEW_MESSAGES.tooManyPhotoUploads,
    });
  });
});
