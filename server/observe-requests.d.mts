import type { RequestHandler } from "express";
import type { Logger } from "pino";

export function loggablePath(originalUrl: string): string;
export function observeRequests(options: {
  log: () => Logger;
  metrics?: { observeRequest(sample: { method: string; route: string; status: number; seconds: number }): void } | null;
  routeLabel: (pathname: string) => string;
  runWithFacts?: (facts: { userId?: string }, next: () => void) => void;
}): RequestHandler;
