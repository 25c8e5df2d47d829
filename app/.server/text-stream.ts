/**
 * A response body streamed from text chunks (a CSV read page by page). A client that leaves while
 * a chunk is being read cancels the stream: the reading stops there and the chunk read meanwhile
 * is dropped, where enqueuing it into the closed stream threw and was logged as a failed export.
 */
export function textStream(chunks: AsyncGenerator<string>, onFailure: (error: unknown) => void): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let cancelled = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await chunks.next();
        if (cancelled) return;
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value));
      } catch (error) {
        if (cancelled) return;
        onFailure(error);
        controller.error(error);
      }
    },
    async cancel() {
      cancelled = true;
      await chunks.return(undefined);
    },
  });
}
