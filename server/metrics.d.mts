import type { RequestHandler } from "express";
import type { Registry } from "prom-client";

export type OperationalReadings = { outboxDue: number; pool: { total: number; idle: number; waiting: number } | null };
export type ShopMetrics = {
  registry: Registry;
  observeRequest(sample: { method: string; route: string; status: number; seconds: number }): void;
  recorder: {
    orderPlaced(): void;
    orderRefused(reason: string): void;
    payment(outcome: string): void;
    jobRun(job: string, outcome: string): void;
  };
};
export type MetricsBody = { contentType: string; text: string };

export function statusClass(status: number): string;
export function createMetrics(options?: { readGauges?: () => Promise<OperationalReadings> }): ShopMetrics;
export function localMetricsText(metrics: ShopMetrics): Promise<MetricsBody>;
export function startPrimaryMetrics(options?: { clusterModule?: import("node:cluster").Cluster }): () => void;
export function askPrimaryForMetrics(options?: {
  proc?: Pick<NodeJS.Process, "on" | "off" | "send">;
  timeoutMs?: number;
}): Promise<MetricsBody | null>;
export function metricsText(
  metrics: ShopMetrics,
  options?: { isWorker?: boolean; ask?: () => Promise<MetricsBody | null> },
): Promise<MetricsBody>;
export function bearerMatches(header: string | undefined, token: string): boolean;
export const METRICS_UNAUTHORIZED_MESSAGE: string;
export function metricsEndpoint(options: {
  metrics: ShopMetrics;
  token?: () => string | undefined;
  text?: (metrics: ShopMetrics) => Promise<MetricsBody>;
}): RequestHandler;
