/**
 * The business counters the shop reports at /metrics (docs/decisions/040-logs-and-metrics.md).
 * The app calls these where the event happens; the Node server (server/metrics.mjs) attaches the
 * recorder that owns the Prometheus metrics, through the server entry's `attachMetrics`. The app
 * never imports prom-client or server/: without a recorder (dev server, tests, scripts) every
 * call does nothing, unless a test attaches its own.
 */
import { remember } from "~/lib/remember";

/** What a card charge came to, as the provider answered (or did not). */
export type PaymentOutcome = "succeeded" | "declined" | "authentication_required" | "failed";
/** `skipped`: the job was checked and not claimed (not due yet, or another instance holds it). */
export type JobOutcome = "success" | "failure" | "skipped";

export type MetricsRecorder = {
  orderPlaced(): void;
  /** `reason` is the refusal's stable domain error code (insufficient_stock, payment_declined...). */
  orderRefused(reason: string): void;
  payment(outcome: PaymentOutcome): void;
  jobRun(job: string, outcome: JobOutcome): void;
};

const holder = remember<{ recorder: MetricsRecorder | null }>("metrics-recorder", () => ({ recorder: null }));

/** Called once by the Node server; a test may attach its own recorder (and `null` to detach it). */
export function attachMetrics(recorder: MetricsRecorder | null): void {
  holder.recorder = recorder;
}

export function countOrderPlaced(): void {
  holder.recorder?.orderPlaced();
}

export function countOrderRefused(reason: string): void {
  holder.recorder?.orderRefused(reason);
}

export function countPayment(outcome: PaymentOutcome): void {
  holder.recorder?.payment(outcome);
}

export function countJobRun(job: string, outcome: JobOutcome): void {
  holder.recorder?.jobRun(job, outcome);
}
