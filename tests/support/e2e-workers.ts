/**
 * How many journey files run side by side (the e2e project's maxWorkers), and so how many shop
 * servers and browsers the e2e global setup starts. Two on a 2-core machine: most of a journey's
 * time is spent waiting on the page, the server or a poll, so a second file fills that time.
 */
export function e2eWorkerCount(env: NodeJS.ProcessEnv = process.env): number {
  const asked = Number(env.E2E_WORKERS);
  return Number.isInteger(asked) && asked >= 1 && asked <= 8 ? asked : 2;
}
