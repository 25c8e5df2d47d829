import { describe, expect, it } from "vitest";
import { containingPattern } from "./like-pattern";

describe("containingPattern", () => {
  it("matches anywhere and takes wildcards literally", () => {
    expect(containingPattern("sérum")).toBe("%sérum%");
    expect(containingPattern("50%_off\\")).toBe("%50\\%\\_off\\\\%");
  });
});
