import type { RequestHandler } from "express";

export function healthRoutes(options: {
  readiness: () => Promise<{ ready: boolean; checks: Record<string, string> }>;
  isShuttingDown: () => boolean;
}): RequestHandler;
