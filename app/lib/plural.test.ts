import { describe, expect, it } from "vitest";
import { plural } from "./plural";

describe("plural", () => {
  it("uses the singular for 0 and 1, as French does", () => {
    expect(plural(0, "produit trouvé", "produits trouvés")).toBe("0 produit trouvé");
    expect(plural(1, "produit trouvé", "produits trouvés")).toBe("1 produit trouvé");
    expect(plural(2, "produit trouvé", "produits trouvés")).toBe("2 produits trouvés");
  });

  it("groups thousands the French way", () => {
    expect(plural(12345, "produit", "produits").replace(/\s/g, " ")).toBe("12 345 produits");
  });
});
