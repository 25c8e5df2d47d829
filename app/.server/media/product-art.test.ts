import { describe, expect, it } from "vitest";
import { ART_SHAPES, parseProductArtPath, productArtPath, renderProductArtSvg, type ArtParams } from "./product-art";

const PREFIX = "/media/art/";

describe("product art paths", () => {
  it("round-trips every shape and variant through path and parse", () => {
    for (const shape of ART_SHAPES) {
      for (const variant of [1, 2, 3] as const) {
        const params: ArtParams = { shape, primary: "c81d25", secondary: "f5e6e8", variant };
        const path = productArtPath(params);
        expect(path).toBe(`/media/art/${shape}/c81d25/f5e6e8/${variant}.svg`);
        expect(parseProductArtPath(path.slice(PREFIX.length))).toEqual(params);
      }
    }
  });

  it("parses the documented example", () => {
    expect(parseProductArtPath("perfume/c81d25/f5e6e8/1.svg")).toEqual({
      shape: "perfume",
      primary: "c81d25",
      secondary: "f5e6e8",
      variant: 1,
    });
  });

  it("rejects anything else", () => {
    for (const bad of [
      "../etc/passwd",
      "perfume/../../etc/passwd",
      "perfume/c81d25/f5e6e8/1.svg/",
      "/perfume/c81d25/f5e6e8/1.svg",
      "perfume/c81d2/f5e6e8/1.svg",
      "perfume/c81d25z/f5e6e8/1.svg",
      "perfume/g81d25/f5e6e8/1.svg",
      "perfume/C81D25/f5e6e8/1.svg",
      "perfume/c81d25/f5e6e8/4.svg",
      "perfume/c81d25/f5e6e8/0.svg",
      "perfume/c81d25/f5e6e8/1.png",
      "perfume/c81d25/f5e6e8/1",
      "rocket/c81d25/f5e6e8/1.svg",
      "constructor/c81d25/f5e6e8/1.svg",
      "",
    ]) {
      expect(parseProductArtPath(bad), bad).toBeNull();
    }
  });

  it("refuses to build a path from invalid parameters", () => {
    expect(() => productArtPath({ shape: "perfume", primary: "#c81d25", secondary: "f5e6e8", variant: 1 })).toThrow();
    expect(() => productArtPath({ shape: "perfume", primary: "c81d25", secondary: "f5e6e8", variant: 4 as 1 })).toThrow();
  });
});

describe("renderProductArtSvg", () => {
  it("draws a compact, deterministic SVG in the primary colour for every shape and variant", () => {
    for (const shape of ART_SHAPES) {
      for (const variant of [1, 2, 3] as const) {
        const params: ArtParams = { shape, primary: "6b2d5c", secondary: "f4ecf2", variant };
        const svg = renderProductArtSvg(params);
        expect(svg.startsWith("<svg")).toBe(true);
        expect(svg.endsWith("</svg>")).toBe(true);
        expect(svg).toContain('viewBox="0 0 800 800"');
        expect(svg).toContain("#6b2d5c");
        expect(svg).not.toMatch(/NaN|undefined|<text/);
        expect(svg.length).toBeLessThan(4600);
        expect(renderProductArtSvg(params)).toBe(svg);
      }
    }
  });

  it("gives each variant its own composition", () => {
    const base = { shape: "perfume", primary: "c81d25", secondary: "f5e6e8" } as const;
    const svgs = new Set([1, 2, 3].map((variant) => renderProductArtSvg({ ...base, variant: variant as 1 | 2 | 3 })));
    expect(svgs.size).toBe(3);
  });
});
