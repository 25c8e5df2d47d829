import { describe, expect, it } from "vitest";
import { refusalMessage as refusal } from "../../../../tests/support/domain-result";
import { WEBHOOK_MESSAGES } from "~/domain/webhooks/webhooks";
import { checkWebhookUrl, isBlockedAddress, resolveDeliverableAddresses } from "./url-guard";

/**
 * Every form of an address that is not global unicast is refused (decision 050), when the
 * endpoint is saved (checkWebhookUrl) and when the delivery connects after DNS
 * (resolveDeliverableAddresses).
 */
const REFUSED: [string, string][] = [
  // IPv4
  ["0.0.0.0", "unspecified"],
  ["10.1.2.3", "private"],
  ["100.64.0.1", "carrier-grade NAT"],
  ["127.0.0.1", "loopback"],
  ["127.255.255.254", "loopback"],
  ["169.254.169.254", "link-local, cloud metadata"],
  ["172.16.0.1", "private"],
  ["172.31.255.255", "private"],
  ["192.0.0.8", "IETF protocol assignments"],
  ["192.0.2.10", "documentation"],
  ["192.88.99.1", "6to4 relay anycast"],
  ["192.168.1.10", "private"],
  ["198.18.0.1", "benchmarking"],
  ["198.19.255.255", "benchmarking"],
  ["198.51.100.7", "documentation"],
  ["203.0.113.9", "documentation"],
  ["224.0.0.1", "multicast"],
  ["239.255.255.250", "multicast"],
  ["240.0.0.1", "reserved"],
  ["255.255.255.255", "broadcast"],
  // IPv6
  ["::", "unspecified"],
  ["::1", "loopback"],
  ["::127.0.0.1", "IPv4-compatible loopback"],
  ["::7f00:1", "IPv4-compatible loopback, in hex"],
  ["::8.8.8.8", "IPv4-compatible, deprecated"],
  ["::ffff:127.0.0.1", "IPv4-mapped loopback"],
  ["::ffff:7f00:1", "IPv4-mapped loopback, in hex"],
  ["::ffff:10.0.0.1", "IPv4-mapped private"],
  ["::ffff:0:127.0.0.1", "IPv4-translated loopback"],
  ["64:ff9b::7f00:1", "NAT64 well-known prefix"],
  ["64:ff9b::808:808", "NAT64 well-known prefix, public IPv4"],
  ["64:ff9b:1::7f00:1", "NAT64 local-use prefix"],
  ["100::1", "discard-only"],
  ["2001::1", "Teredo"],
  ["2001:0:4136:e378:8000:63bf:3fff:fdd2", "Teredo"],
  ["2001:2::1", "benchmarking"],
  ["2001:10::1", "ORCHID"],
  ["2001:db8::1", "documentation"],
  ["2002:7f00:1::1", "6to4 of loopback"],
  ["2002:808:808::1", "6to4"],
  ["3fff::1", "documentation"],
  ["fc00::1", "unique local"],
  ["fd12:3456:789a::1", "unique local"],
  ["fe80::1", "link-local"],
  ["fe80::1%eth0", "link-local with a zone"],
  ["fec0::1", "site-local (deprecated)"],
  ["ff02::1", "multicast"],
  ["ff05::2", "multicast"],
];

const ACCEPTED = ["93.184.215.14", "8.8.8.8", "1.1.1.1", "2a00:1450:4007:80e::200e", "2606:4700:4700::1111", "2001:4860:4860::8888"];

describe("webhook addresses: only global unicast", () => {
  it.each(REFUSED)("refuses %s (%s) as an address", (address) => {
    expect(isBlockedAddress(address)).toBe(true);
    expect(isBlockedAddress(`[${address}]`)).toBe(true);
  });

  it.each(REFUSED.filter(([address]) => !address.includes("%")))("refuses %s (%s) written in the URL, in French", (address) => {
    const host = address.includes(":") ? `[${address}]` : address;
    expect(refusal(() => checkWebhookUrl(`http://${host}/hooks`, false))).toBe(WEBHOOK_MESSAGES.urlPrivate);
  });

  it.each(REFUSED)("refuses %s (%s) when a name resolves to it at delivery", async (address) => {
    const lookup = async () => [{ address, family: address.includes(":") ? 6 : 4 }];
    await expect(resolveDeliverableAddresses("hooks.example.com", false, lookup)).rejects.toThrow(WEBHOOK_MESSAGES.urlPrivate);
  });

  it("refuses the IPv4 forms the URL parser turns into an address: decimal, hex, octal and short", () => {
    for (const host of ["2130706433", "0x7f000001", "0177.0.0.1", "127.1", "0x7f.1", "017700000001"]) {
      expect(
        refusal(() => checkWebhookUrl(`http://${host}/hooks`, false)),
        host,
      ).toBe(WEBHOOK_MESSAGES.urlPrivate);
    }
  });

  it("accepts global unicast addresses and names, and anything when private addresses are allowed", async () => {
    for (const address of ACCEPTED) {
      expect(isBlockedAddress(address), address).toBe(false);
      const host = address.includes(":") ? `[${address}]` : address;
      expect(
        refusal(() => checkWebhookUrl(`https://${host}/hooks`, false)),
        address,
      ).toBe("accepted");
    }
    const lookup = async () => ACCEPTED.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
    await expect(resolveDeliverableAddresses("hooks.example.com", false, lookup)).resolves.toHaveLength(ACCEPTED.length);
    expect(refusal(() => checkWebhookUrl("http://[::ffff:127.0.0.1]:8080/x", true))).toBe("accepted");
  });

  it("refuses what is not an address at all", () => {
    for (const value of ["", "localhost", "999.1.1.1", "::g", "exemple"]) expect(isBlockedAddress(value), value).toBe(true);
  });
});
