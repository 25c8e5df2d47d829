import type { ErrorRequestHandler, Express, Request, RequestHandler, Response } from "express";
import type { Server } from "node:http";

export const securityHeaders: RequestHandler;
export const sameOriginMutations: RequestHandler;
export function readOnlyRequestScope(runInRequestScope: (next: () => void) => void): RequestHandler;
export function forgetReadMemosAfterWrites(forget: () => void, announce?: () => void): RequestHandler;
export function onlyFilePaths(handler: RequestHandler): RequestHandler;
export function trustProxySetting(value: string | undefined): string | number;
export function compressUnlessEventStream(req: Request, res: Response): boolean;
export function createServer(options?: {
  buildDir?: string;
}): Promise<{ app: Express; info: unknown; build: unknown; lifecycle: ReturnType<typeof import("./shutdown.mjs").createGracefulShutdown> }>;
export function startServer(): Promise<Server>;
export function contentSecurityPolicy(nonce: string, stripe?: boolean): string;
export const lastResortErrorHandler: ErrorRequestHandler;
