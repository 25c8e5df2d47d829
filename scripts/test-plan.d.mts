// Types of scripts/test-plan.mjs (plain JavaScript so npm test runs it without a build step).
export type ProjectName = "unit" | "e2e" | "multi";
export type TestFiles = Record<ProjectName, string[]>;
export type Phase = {
  name: string;
  project: ProjectName;
  database: "postgres" | "pglite";
  /** The whole project runs (no file filter); otherwise only `files`. */
  all: boolean;
  files: string[];
};
/** The parts of Vitest's JSON report the plan reads. */
export type VitestReport = {
  numPassedTests?: number;
  numFailedTests?: number;
  numFailedTestSuites?: number;
  numPendingTests?: number;
  numTodoTests?: number;
  testResults?: { name: string; startTime?: number; endTime?: number }[];
};

export function e2eWorkerCount(env?: NodeJS.ProcessEnv): number;
export const PROJECTS: Record<ProjectName, string[]>;
export const PGLITE_UNIT: string[];
export const PGLITE_E2E: string[];
export function projectIncludes(project: ProjectName): string[];
export function listTestFiles(root?: string): TestFiles;
export function selectFiles(all: string[], selection: string[]): string[];
export function planPhases(files: TestFiles, options: { postgres: boolean }): Phase[];
export function unplannedFiles(files: Partial<TestFiles>, phases: Pick<Phase, "files">[]): string[];
export function phaseProblems(phase: Pick<Phase, "files">, status: number, report: VitestReport | null, root?: string): string[];
export function slowestFiles(
  runs: { phase: Pick<Phase, "name">; report: VitestReport | null }[],
  count?: number,
  root?: string,
): { phase: string; file: string; seconds: number }[];
