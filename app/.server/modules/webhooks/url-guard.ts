/**
 * Keeps webhooks away from internal services (decision 050): only http(s), and never a private,
 * loopback, link-local, multicast or unspecified address, neither written in the URL nor
 * resolved from its name when the delivery connects (the connection uses the very address that
 * was checked, so a DNS answer cannot change between the check and the connect).
 */
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { BlockList, isIP } from "node:net";
import { invalid } from "~/domain/errors";
import { WEBHOOK_MESSAGES } from "~/domain/webhooks/webhooks";

const blocked = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8], // "this network", unspecified
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8],
  ["169.254.0.0", 16], // link-local, cloud metadata
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved and broadcast
] as const) {
  blocked.addSubnet(net, prefix, "ipv4");
}
for (const [net, prefix] of [
  ["::", 128], // unspecified
  ["::1", 128],
  ["fc00::", 7], // unique local
  ["fe80::", 10], // link-local
  ["fec0::", 10],
  ["ff00::", 8], // multicast
  ["64:ff9b::", 96], // NAT64 of any IPv4
  ["100::", 64],
] as const) {
  blocked.addSubnet(net, prefix, "ipv6");
}

/** True for an address a webhook may not reach. IPv4-mapped IPv6 addresses are judged as IPv4. */
export function isBlockedAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
  if (mapped) return blocked.check(mapped[1], "ipv4");
  const hexMapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(bare);
  if (hexMapped) {
    const hi = parseInt(hexMapped[1], 16);
    const lo = parseInt(hexMapped[2], 16);
    return blocked.check(`${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`, "ipv4");
  }
  const family = isIP(bare);
  if (family === 4) return blocked.check(bare, "ipv4");
  if (family === 6) return blocked.check(bare, "ipv6");
  return true;
}

const refusedUrl = (message: string) => invalid("webhook_url_refused", message, { field: "url" });

/**
 * The checks that need no DNS: scheme, and a host that is an address or a local name. Used when
 * the endpoint is saved and again before each delivery. Throws a domain error in French.
 */
export function checkWebhookUrl(raw: string, allowPrivate: boolean): URL {
  if (!URL.canParse(raw)) throw refusedUrl(WEBHOOK_MESSAGES.urlInvalid);
  const url = new URL(raw);
  if (url.protocol !== "http:" && url.protocol !== "https:") throw refusedUrl(WEBHOOK_MESSAGES.urlScheme);
  if (allowPrivate) return url;
  const host = url.hostname.replace(/^\[|\]$/g, "").toLowerCase();
  if (isIP(host) !== 0) {
    if (isBlockedAddress(host)) throw refusedUrl(WEBHOOK_MESSAGES.urlPrivate);
  } else if (
    host === "localhost" ||
    host.endsWith(".localhost") ||
    host.endsWith(".local") ||
    host.endsWith(".internal") ||
    !host.includes(".")
  ) {
    throw refusedUrl(WEBHOOK_MESSAGES.urlPrivate);
  }
  return url;
}

export type Lookup = (hostname: string) => Promise<LookupAddress[]>;

export const systemLookup: Lookup = (hostname) =>
  new Promise((resolve, reject) => dnsLookup(hostname, { all: true }, (error, addresses) => (error ? reject(error) : resolve(addresses))));

/** The host's addresses, all checked: one bad answer refuses the delivery. */
export async function resolveDeliverableAddresses(
  hostname: string,
  allowPrivate: boolean,
  lookup: Lookup = systemLookup,
): Promise<LookupAddress[]> {
  const host = hostname.replace(/^\[|\]$/g, "");
  const family = isIP(host);
  if (family !== 0) {
    if (!allowPrivate && isBlockedAddress(host)) throw refusedUrl(WEBHOOK_MESSAGES.urlPrivate);
    return [{ address: host, family }];
  }
  let addresses: LookupAddress[];
  try {
    addresses = await lookup(host);
  } catch {
    throw refusedUrl(WEBHOOK_MESSAGES.urlUnresolved);
  }
  if (addresses.length === 0) throw refusedUrl(WEBHOOK_MESSAGES.urlUnresolved);
  if (!allowPrivate && addresses.some((a) => isBlockedAddress(a.address))) throw refusedUrl(WEBHOOK_MESSAGES.urlPrivate);
  return addresses;
}
