import { describe, expect, it } from "vitest";
import { UNSAFE_TEXT_MESSAGE } from "~/lib/safe-text.rules";
import { JSON_EMPTY_MESSAGE, JSON_EXPECTED_MESSAGE, JSON_INVALID_MESSAGE, readJson } from "./http";

const post = (body: BodyInit | null, type = "application/json") =>
  new Request("http://shop.test/api/v1/me", { method: "PATCH", body, headers: type ? { "content-type": type } : {} });

async function refusalOf(request: Request) {
  try {
    await readJson(request);
  } catch (thrown) {
    const res = thrown as Response;
    return { status: res.status, cache: res.headers.get("cache-control"), body: await res.json() };
  }
  throw new Error("the body was accepted");
}

describe("readJson, the API's one JSON reader", () => {
  it("returns any JSON value", async () => {
    expect(await readJson(post('{"first_name":"Inès","tags":["a"]}'))).toEqual({ first_name: "Inès", tags: ["a"] });
    expect(await readJson(post("[1,2]"))).toEqual([1, 2]);
    expect(await readJson(post('{"a":1}', "application/merge-patch+json"))).toEqual({ a: 1 });
  });

  it.each([
    ["a NUL in a value", '{"first_name":"a\\u0000b"}'],
    ["a NUL deep inside", '{"lines":[{"note":["ok","\\u0000"]}]}'],
    ["a NUL in a key", '{"\\u0000":1}'],
    ["a lone high surrogate", '{"first_name":"\\ud800"}'],
    ["a lone low surrogate", '["\\udc00x"]'],
  ])("refuses %s with 400 invalid_text", async (_, body) => {
    expect(await refusalOf(post(body))).toEqual({
      status: 400,
      cache: "no-store",
      body: { error: { code: "invalid_text", message: UNSAFE_TEXT_MESSAGE } },
    });
  });

  it("refuses bytes that are not UTF-8", async () => {
    const bytes = new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xed, 0xa0, 0x80, 0x22, 0x7d]);
    expect((await refusalOf(post(bytes))).body.error.code).toBe("invalid_text");
  });

  it("answers 400 to an empty body or invalid JSON, 415 to a form or text", async () => {
    expect((await refusalOf(post(""))).body.error).toEqual({ code: "invalid_body", message: JSON_EMPTY_MESSAGE });
    expect((await refusalOf(post(null, ""))).status).toBe(400);
    expect((await refusalOf(post('{"a":'))).body.error).toEqual({ code: "invalid_body", message: JSON_INVALID_MESSAGE });
    expect(await refusalOf(post("first_name=x", "application/x-www-form-urlencoded"))).toMatchObject({
      status: 415,
      body: { error: { code: "unsupported_media_type", message: JSON_EXPECTED_MESSAGE } },
    });
    expect((await refusalOf(post('{"a":1}', "text/plain"))).status).toBe(415);
  });
});
