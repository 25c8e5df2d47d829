/**
 * Keeps webhooks away from internal services (decision 050): only http(s), and only global unicast
 * addresses, neither anything else written in the URL (in any of its IPv4 or IPv6 forms) nor
 * resolved from its name when the delivery connects (the connection uses the very address that
 * was checked, so a DNS answer cannot change between the check and the connect).
 */
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { BlockList, isIP } from "node:net";
import { invalid } from "~/domain/errors";
import { WEBHOOK_MESSAGES } from "~/domain/webhooks/webhooks";

/**
 * IPv4 ranges that are not global unicast, from IANA's IPv4 Special-Purpose Address Registry
 * (those marked not globally reachable, and the documentation, benchmarking, relay and reserved
 * blocks), plus multicast and the reserved 240/4.
 */
const notGlobalV4 = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8], // "this network", unspecified
  ["10.0.0.0", 8], // private
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local, cloud metadata
  ["172.16.0.0", 12], // private
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.0.2.0", 24], // documentation (TEST-NET-1)
  ["192.88.99.0", 24], // 6to4 relay anycast (deprecated)
  ["192.168.0.0", 16], // private
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // documentation (TEST-NET-2)
  ["203.0.113.0", 24], // documentation (TEST-NET-3)
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, and the limited broadcast 255.255.255.255
] as const) {
  notGlobalV4.addSubnet(net, prefix, "ipv4");
}

/**
 * IPv6 is judged by what is allowed: global unicast is 2000::/3, so everything else is refused
 * whatever it embeds (IPv4-compatible ::a.b.c.d, IPv4-mapped ::ffff:a.b.c.d, IPv4-translated
 * ::ffff:0:a.b.c.d, NAT64 64:ff9b::/96 and the local-use 64:ff9b:1::/48, discard-only 100::/64,
 * unique local fc00::/7, link-local fe80::/10, multicast ff00::/8, loopback, unspecified). Inside
 * 2000::/3, the special-purpose blocks of IANA's IPv6 registry are refused too.
 */
const globalUnicastV6 = new BlockList();
globalUnicastV6.addSubnet("2000::", 3, "ipv6");
const specialInGlobalV6 = new BlockList();
for (const [net, prefix] of [
  ["2001::", 23], // IETF protocol assignments: Teredo 2001::/32, benchmarking 2001:2::/48, ORCHID
  ["2001:db8::", 32], // documentation
  ["2002::", 16], // 6to4, which embeds an IPv4 address
  ["3fff::", 20], // documentation
] as const) {
  specialInGlobalV6.addSubnet(net, prefix, "ipv6");
}

/** True for an address a webhook may not reach: anything but global unicast, in either family. */
export function isBlockedAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  const family = isIP(bare);
  if (family === 4) return notGlobalV4.check(bare, "ipv4");
  if (family === 6) return !globalUnicastV6.check(bare, "ipv6") || specialInGlobalV6.check(bare, "ipv6");
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
