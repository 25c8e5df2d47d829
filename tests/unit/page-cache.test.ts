import { afterAll, beforeAll, describe, expect, it } from "vitest";
import express from "express";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createPageCache } from "../../server/page-cache.mjs";

let server: Server;
let base: string;
let clock = 1_000_000;
let renders = 0;
const cache = createPageCache({ now: () => clock });

beforeAll(async () => {
  const app = express();
  app.use(cache.middleware);
  app.get("/public", (_req, res) => {
    renders += 1;
    res.setHeader("Cache-Control", "public, max-age=0, s-maxage=10");
    res.type("html").send(`<p>render ${renders}</p>`);
  });
  app.get("/private", (_req, res) => {
    renders += 1;
    res.setHeader("Cache-Control", "private, no-store");
    res.send(`render ${renders}`);
  });
  app.get("/cookie", (_req, res) => {
    renders += 1;
    res.setHeader("Cache-Control", "public, s-maxage=10");
    res.setHeader("Set-Cookie", "a=b");
    res.send(`render ${renders}`);
  });
  app.get("/missing", (_req, res) => {
    renders += 1;
    res.setHeader("Cache-Control", "public, s-maxage=10");
    res.status(404).send(`render ${renders}`);
  });
  await new Promise<void>((resolve) => {
    server = app.listen(0, "127.0.0.1", () => resolve());
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const get = async (path: string, headers: Record<string, string> = {}) => {
  const res = await fetch(`${base}${path}`, { headers });
  return { body: await res.text(), cache: res.headers.get("x-cache"), status: res.status };
};

describe("shared page cache", () => {
  it("replays an opted-in page to anonymous visitors until its s-maxage passes", async () => {
    const first = await get("/public");
    const second = await get("/public");
    expect(first.cache).toBe("MISS");
    expect(second.cache).toBe("HIT");
    expect(second.body).toBe(first.body);
    clock += 11_000;
    const third = await get("/public");
    expect(third.cache).toBe("MISS");
    expect(third.body).not.toBe(first.body);
  });

  it("keys by query string", async () => {
    const a = await get("/public?page=2");
    const b = await get("/public?page=3");
    expect(a.body).not.toBe(b.body);
  });

  it("never serves a cached page to a signed-in visitor or on no-cache", async () => {
    await get("/public");
    const signedIn = await get("/public", { cookie: "better-auth.session_token=abc" });
    expect(signedIn.cache).toBeNull();
    const noCache = await get("/public", { "cache-control": "no-cache" });
    expect(noCache.cache).toBeNull();
  });

  it("does not store private pages, pages setting cookies, or errors", async () => {
    for (const path of ["/private", "/cookie", "/missing"]) {
      const first = await get(path);
      const second = await get(path);
      expect(second.cache, path).toBe("MISS");
      expect(second.body, path).not.toBe(first.body);
    }
  });

  it("can be emptied after a catalogue change", async () => {
    await get("/public?x=1");
    expect((await get("/public?x=1")).cache).toBe("HIT");
    cache.clear();
    expect((await get("/public?x=1")).cache).toBe("MISS");
  });
});
