import { describe, expect, it } from "vitest";
import { bundleSnapshotOf, bundleStockOf, prorateBundlePrice, readBundleCompositionForm } from "./bundles";

describe("sets' rules (decision 070)", () => {
  it("counts whole sets: min over components of floor(stock / quantity), 0 without components", () => {
    expect(
      bundleStockOf([
        { stock: 7, quantity: 2 },
        { stock: 10, quantity: 1 },
      ]),
    ).toBe(3);
    expect(bundleStockOf([{ stock: 1, quantity: 2 }])).toBe(0);
    expect(bundleStockOf([{ stock: -3, quantity: 1 }])).toBe(0);
    expect(bundleStockOf([])).toBe(0);
  });

  it("splits a set's price by the components' catalogue value, to the cent, the remainder on the last", () => {
    expect(
      prorateBundlePrice(3333, [
        { priceCents: 3000, quantity: 1 },
        { priceCents: 1000, quantity: 2 },
      ]),
    ).toEqual([1999, 1334]);
    // Three equal components of 10,00 €: 3,33 + 3,33 + 3,34.
    expect(
      prorateBundlePrice(
        1000,
        Array.from({ length: 3 }, () => ({ priceCents: 500, quantity: 1 })),
      ),
    ).toEqual([333, 333, 334]);
    // Whatever the prices, the shares add up to the price exactly and none is negative.
    for (const price of [1, 99, 7900, 123457]) {
      const shares = prorateBundlePrice(price, [
        { priceCents: 1490, quantity: 1 },
        { priceCents: 3900, quantity: 3 },
        { priceCents: 3290, quantity: 2 },
      ]);
      expect(shares.reduce((a, b) => a + b, 0)).toBe(price);
      expect(shares.every((s) => s >= 0)).toBe(true);
    }
  });

  it("freezes the shares of the charged unit price on the order line, nothing for a plain line", () => {
    const snapshot = bundleSnapshotOf(
      {
        returnableByComponent: true,
        components: [
          {
            variantId: "a",
            productId: "pa",
            name: "Sérum",
            variantLabel: "30 ml",
            variantCount: 1,
            sku: "A",
            quantity: 1,
            priceCents: 3000,
          },
          {
            variantId: "b",
            productId: "pb",
            name: "Crème",
            variantLabel: "50 ml",
            variantCount: 2,
            sku: "B",
            quantity: 2,
            priceCents: 1000,
          },
        ],
      },
      5000,
    );
    expect(snapshot.bundle?.components.map((c) => [c.variant_label, c.share_cents])).toEqual([
      [null, 3000],
      ["50 ml", 2000],
    ]);
    expect(bundleSnapshotOf(undefined, 5000)).toEqual({});
  });

  it("reads the composition form: rows kept, the removed one out, the added one in with one unit", () => {
    const form = new FormData();
    for (const [k, v] of [
      ["variant", "set"],
      ["component", "a"],
      ["quantity", "2"],
      ["component", "b"],
      ["quantity", ""],
      ["remove", "a"],
      ["add", "c"],
      ["returnable", "on"],
    ])
      form.append(k, v);
    const read = readBundleCompositionForm(form);
    expect(read.variantId).toBe("set");
    expect(read.composition).toEqual({
      returnableByComponent: true,
      components: [
        { variantId: "b", quantity: Number.NaN },
        { variantId: "c", quantity: 1 },
      ],
    });
  });
});
