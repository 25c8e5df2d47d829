import { describe, expect, it, vi } from "vitest";
import { remember } from "./remember";

describe("remember", () => {
  it("makes a value once per name and answers the same value afterwards", () => {
    let made = 0;
    const make = () => ({ n: ++made });
    const first = remember("remember-test:once", make);
    expect(remember("remember-test:once", make)).toBe(first);
    expect(made).toBe(1);
    expect(remember("remember-test:other", make)).toEqual({ n: 2 });
    expect(remember("remember-test:once", make)).toBe(first);
  });

  it("keeps a falsy value rather than making it again", () => {
    let made = 0;
    expect(remember("remember-test:undefined", () => void made++)).toBeUndefined();
    expect(remember("remember-test:undefined", () => void made++)).toBeUndefined();
    expect(made).toBe(1);
  });

  it("survives the module being evaluated again, as the dev server's reloads do", async () => {
    const kept = remember("remember-test:reload", () => ({ opened: true }));
    vi.resetModules();
    const reloaded = (await import("./remember")) as typeof import("./remember");
    expect(reloaded.remember).not.toBe(remember);
    expect(reloaded.remember("remember-test:reload", () => ({ opened: false }))).toBe(kept);
  });
});
