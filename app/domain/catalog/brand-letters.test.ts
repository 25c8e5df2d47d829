import { describe, expect, it } from "vitest";
import { brandLetter, groupBrandsByLetter } from "./brand-letters";

describe("brand letters", () => {
  it("files a brand under its first letter without accents, digits and signs under #", () => {
    expect(brandLetter("Éclat d'Opale")).toBe("E");
    expect(brandLetter("  atelier Ondine")).toBe("A");
    expect(brandLetter("3 Chênes")).toBe("#");
  });

  it("groups A–Z in French order, # last", () => {
    const groups = groupBrandsByLetter([
      { name: "Nuit Dorée" },
      { name: "Éclat d'Opale" },
      { name: "Belle Rive" },
      { name: "Atelier" },
      { name: "1924" },
      { name: "eau" },
    ]);
    expect(groups.map((g) => [g.letter, g.brands.map((b) => b.name)])).toEqual([
      ["A", ["Atelier"]],
      ["B", ["Belle Rive"]],
      ["E", ["eau", "Éclat d'Opale"]],
      ["N", ["Nuit Dorée"]],
      ["#", ["1924"]],
    ]);
  });
});
