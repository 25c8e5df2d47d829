import { describe, expect, it } from "vitest";
import { UNSAFE_TEXT_MESSAGE } from "~/lib/safe-text.rules";
import { FORM_EMPTY_MESSAGE, FORM_EXPECTED_MESSAGE, readFormData, readFormOrJson, tryReadFormData } from "./forms";

const URL = "http://shop.test/profile";
const post = (body: BodyInit | null, type?: string) =>
  new Request(URL, { method: "POST", body, headers: type ? { "content-type": type } : {} });

/** What readFormData threw: React Router's data() carries the status and the French message. */
async function refusalOf(request: Request): Promise<{ status: number; message: unknown }> {
  try {
    await readFormData(request);
  } catch (thrown) {
    const t = thrown as { data: unknown; init: { status: number } };
    return { status: t.init.status, message: t.data };
  }
  throw new Error("the form was accepted");
}

describe("readFormData", () => {
  it("reads an urlencoded form and a multipart form", async () => {
    const form = await readFormData(post("firstName=In%C3%A8s&lastName=Martin+Dupont", "application/x-www-form-urlencoded"));
    expect(Object.fromEntries(form)).toEqual({ firstName: "Inès", lastName: "Martin Dupont" });
    const multipart = new FormData();
    multipart.set("email", "ines@example.com");
    const read = await readFormData(new Request(URL, { method: "POST", body: multipart }));
    expect(read.get("email")).toBe("ines@example.com");
  });

  it("answers 415 to JSON or text sent to a form route", async () => {
    expect(await refusalOf(post('{"firstName":"x"}', "application/json"))).toEqual({ status: 415, message: FORM_EXPECTED_MESSAGE });
    expect(await refusalOf(post("firstName=x", "text/plain"))).toEqual({ status: 415, message: FORM_EXPECTED_MESSAGE });
  });

  it("answers 400 to an empty body, with or without a type", async () => {
    expect(await refusalOf(post(null))).toEqual({ status: 400, message: FORM_EMPTY_MESSAGE });
    expect(await refusalOf(post("", "application/x-www-form-urlencoded"))).toEqual({ status: 400, message: FORM_EMPTY_MESSAGE });
  });

  it("answers 400 to an unreadable multipart body", async () => {
    expect((await refusalOf(post("--zz\r\nbroken", "multipart/form-data; boundary=zz"))).status).toBe(400);
  });

  it.each([
    ["a NUL", "firstName=a%00b"],
    ["a NUL in a name", "first%00Name=a"],
    ["a lone surrogate (CESU bytes)", "firstName=%ED%A0%80"],
    ["an overlong NUL", "firstName=%C0%80"],
    ["a malformed escape", "firstName=%E2%82"],
    ["a control character", "firstName=%07"],
  ])("refuses %s with 400 and the French message", async (_, body) => {
    expect(await refusalOf(post(body, "application/x-www-form-urlencoded"))).toEqual({ status: 400, message: UNSAFE_TEXT_MESSAGE });
  });

  it("refuses a NUL in a multipart field or file name", async () => {
    const multipart = new FormData();
    multipart.set("bio", "a\u0000b");
    expect(await refusalOf(new Request(URL, { method: "POST", body: multipart }))).toEqual({ status: 400, message: UNSAFE_TEXT_MESSAGE });
    const file = new FormData();
    file.set("intent", "upload");
    file.set("image", new Blob(["x"]), "a\u0000.png");
    expect((await refusalOf(new Request(URL, { method: "POST", body: file }))).status).toBe(400);
  });

  it("tryReadFormData returns the refusal instead of throwing", async () => {
    expect(await tryReadFormData(post('{"a":1}', "application/json"))).toEqual({ ok: false, status: 415, message: FORM_EXPECTED_MESSAGE });
  });

  it("readFormOrJson takes either, and refuses unsafe JSON like an unsafe form", async () => {
    expect(await readFormOrJson(post('{"intent":"add","card":{"amountCents":2500}}', "application/json"))).toEqual({
      intent: "add",
      card: { amountCents: 2500 },
    });
    expect(await readFormOrJson(post("intent=balance&code=ABC", "application/x-www-form-urlencoded"))).toEqual({
      intent: "balance",
      code: "ABC",
    });
    await expect(readFormOrJson(post('{"code":"\\u0000"}', "application/json"))).rejects.toMatchObject({
      data: UNSAFE_TEXT_MESSAGE,
      init: { status: 400 },
    });
  });
});
