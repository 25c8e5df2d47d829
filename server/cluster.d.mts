import type { Cluster } from "node:cluster";

export const onPrimaryStart: Array<(cluster: Cluster) => void | Promise<void>>;
export const MAX_WEB_CONCURRENCY: number;
export const RESPAWN_FIRST_DELAY_MS: number;
export const RESPAWN_MAX_DELAY_MS: number;
export function planProcesses(env?: NodeJS.ProcessEnv, cores?: number): { workers: number; reason: string };
export function respawnDelayMs(recentDeaths: number): number;
export function startShop(env?: NodeJS.ProcessEnv): Promise<unknown>;
