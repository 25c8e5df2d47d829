import { describe, expect, it } from "vitest";
import { textStream } from "./text-stream";

async function* lines(count: number, gate?: Promise<void>): AsyncGenerator<string> {
  for (let i = 1; i <= count; i++) {
    if (i === 2 && gate) await gate;
    yield `ligne ${i}\n`;
  }
}

describe("textStream", () => {
  it("sends every chunk as UTF-8, then ends", async () => {
    const failures: unknown[] = [];
    expect(await new Response(textStream(lines(3), (e) => failures.push(e))).text()).toBe("ligne 1\nligne 2\nligne 3\n");
    expect(failures).toEqual([]);
  });

  it("a client that leaves while a chunk is read stops the reading, and nothing is reported as a failure", async () => {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const failures: unknown[] = [];
    const reader = textStream(lines(5, gate), (e) => failures.push(e)).getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe("ligne 1\n");
    const pending = reader.read();
    // Let the stream ask for chunk 2: the reading then waits at the gate when the client leaves.
    await new Promise((resolve) => setTimeout(resolve, 10));
    const cancelled = reader.cancel();
    open();
    await cancelled;
    expect((await pending).done).toBe(true);
    // The pull that was waiting for chunk 2 ends without throwing into the closed stream.
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(failures).toEqual([]);
  });

  it("a failure while reading is reported once and ends the stream with it", async () => {
    async function* broken(): AsyncGenerator<string> {
      yield "début\n";
      throw new Error("base indisponible");
    }
    const failures: unknown[] = [];
    await expect(new Response(textStream(broken(), (e) => failures.push(e))).text()).rejects.toThrow("base indisponible");
    expect(failures).toHaveLength(1);
  });
});
