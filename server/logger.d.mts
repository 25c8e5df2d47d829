import type { Logger } from "pino";

export function useLogger(log: Logger): void;
export function logger(): Logger;
