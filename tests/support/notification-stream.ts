/**
 * A client of GET /api/v1/notifications/stream for tests: holds the stream, collects its events
 * until `close()`, and waits for one that matches. Resolves once the server said ": connected".
 */
export type StreamEvent = { event: string; data: Record<string, any> };

export async function openNotificationStream(baseURL: string, headers: Record<string, string>) {
  const controller = new AbortController();
  const res = await fetch(`${baseURL}/api/v1/notifications/stream`, {
    headers: { accept: "text/event-stream", ...headers },
    signal: controller.signal,
  });
  if (res.status !== 200) throw new Error(`the stream answered ${res.status}`);
  const events: StreamEvent[] = [];
  const waiters: (() => void)[] = [];
  let connected = false;
  const reading = (async () => {
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = "";
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (block.includes(": connected")) connected = true;
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          // `ready` (sent once subscribed, with ": connected") is the stream's, not a notification.
          if (event && data && event !== "ready") events.push({ event, data: JSON.parse(data) as Record<string, any> });
          waiters.splice(0).forEach((w) => w());
        }
      }
    } catch {
      // aborted by close()
    }
  })();
  const until = async (predicate: () => boolean, timeoutMs: number) => {
    const started = Date.now();
    while (!predicate()) {
      if (Date.now() - started > timeoutMs) throw new Error(`no matching event within ${timeoutMs} ms: ${JSON.stringify(events)}`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
  };
  await until(() => connected, 5_000);
  return {
    response: res,
    events,
    until,
    close: async () => {
      controller.abort();
      await reading;
    },
  };
}
