import type { RequestHandler } from "express";

export type PageCache = {
  middleware: RequestHandler;
  clear(): void;
  readonly size: number;
};

export function createPageCache(options?: { maxEntries?: number; maxBytes?: number; now?: () => number }): PageCache;
