import type { RequestHandler } from "express";
import type { Server } from "node:http";

export function shutdownTimeoutMs(env?: NodeJS.ProcessEnv): number;
export function createGracefulShutdown(options?: {
  timeoutMs?: number;
  exit?: (code: number) => void;
  log?: Pick<Console, "log" | "error">;
}): {
  trackRequests: RequestHandler;
  shutdown(options: { server: Server; signal: string; closeLiveStreams?: () => void; stopApp?: () => Promise<void> }): Promise<void>;
  isShuttingDown(): boolean;
};
