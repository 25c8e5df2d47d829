/**
 * Journeys that register webhook endpoints on the worker's shared server remove them when done:
 * an endpoint left active would have every later journey's events delivered to a receiver that
 * is closed, retried for a day, and the retries' warnings would fill the run's log.
 */
type Endpoint = { id: string; url: string };

/** Deletes every endpoint whose URL starts with `prefix` (an administrator's session cookie). */
export async function deleteWebhookEndpointsTo(baseURL: string, adminCookie: string, prefix: string): Promise<void> {
  const headers = { origin: baseURL, cookie: adminCookie };
  const mine: Endpoint[] = [];
  let cursor: string | null = null;
  do {
    const res = await fetch(`${baseURL}/api/v1/admin/webhooks?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`, {
      headers,
    });
    if (!res.ok) throw new Error(`listing webhook endpoints: HTTP ${res.status}`);
    const page = (await res.json()) as { data: Endpoint[]; next_cursor?: string | null };
    mine.push(...page.data.filter((e) => e.url.startsWith(prefix)));
    cursor = page.next_cursor ?? null;
  } while (cursor);
  for (const endpoint of mine) {
    const res = await fetch(`${baseURL}/api/v1/admin/webhooks/${endpoint.id}`, { method: "DELETE", headers });
    if (!res.ok && res.status !== 404) throw new Error(`deleting webhook endpoint ${endpoint.id}: HTTP ${res.status}`);
  }
}
