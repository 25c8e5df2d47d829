import { afterEach, describe, expect, it } from "vitest";
import express from "express";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { trustProxySetting } from "../../server/server.mjs";

/** What the app sees as the client's address and scheme behind a proxy, for a TRUST_PROXY value. */
async function seenThrough(trustProxy: string | undefined, headers: Record<string, string>) {
  const app = express();
  app.set("trust proxy", trustProxySetting(trustProxy));
  app.get("/", (req, res) => void res.json({ ip: req.ip, protocol: req.protocol }));
  server = http.createServer(app);
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, { headers });
  return (await res.json()) as { ip: string; protocol: string };
}

let server: http.Server | undefined;
afterEach(async () => {
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  server = undefined;
});

const forwarded = { "x-forwarded-for": "203.0.113.7, 127.0.0.1", "x-forwarded-proto": "https" };

describe("TRUST_PROXY", () => {
  it("trusts only a proxy on this machine by default", async () => {
    expect(trustProxySetting(undefined)).toBe("loopback");
    expect(trustProxySetting("  ")).toBe("loopback");
    // The test client is on loopback: its forwarded headers are believed, hop by hop, up to the first address not on loopback.
    expect(await seenThrough(undefined, forwarded)).toEqual({ ip: "203.0.113.7", protocol: "https" });
  });

  it("takes a hop count or Express's list of addresses and subnets", async () => {
    expect(trustProxySetting("1")).toBe(1);
    expect(trustProxySetting("10.0.0.0/8, loopback")).toBe("10.0.0.0/8, loopback");
    // One hop: the last address the nearest proxy added is the client's.
    expect((await seenThrough("1", forwarded)).ip).toBe("127.0.0.1");
    // A proxy that is not trusted: its headers are ignored, the socket address is the client's.
    expect(await seenThrough("10.0.0.0/8", forwarded)).toEqual({ ip: "127.0.0.1", protocol: "http" });
  });
});
