/** The /metrics token of the journeys' shop (tests/support/global-setup-e2e.ts sets it). */
export const E2E_METRICS_TOKEN = "e2e-metrics-token-0123456789abcdef";

/** A sample's value in a Prometheus text, or 0 when the series has not appeared yet. */
export function sampleValue(text: string, series: string): number {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

export async function readMetrics(baseURL: string): Promise<string> {
  const res = await fetch(`${baseURL}/metrics`, { headers: { authorization: `Bearer ${E2E_METRICS_TOKEN}` } });
  if (res.status !== 200) throw new Error(`/metrics answered ${res.status}`);
  return res.text();
}
