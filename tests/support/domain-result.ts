import { isDomainError } from "~/domain/errors";
import { statusOf } from "~/.server/error-responses";

export type Refusal = {
  ok: false;
  status: number;
  code: string;
  message: string;
  field?: string;
  fieldErrors?: Partial<Record<string, string>>;
};

/** What a synchronous check answers: "accepted", or the French message of the domain error it threw. */
export function refusalMessage(check: () => unknown): string {
  try {
    check();
  } catch (error) {
    return isDomainError(error) ? error.message : `not a domain error: ${String(error)}`;
  }
  return "accepted";
}

/**
 * A service call that throws domain errors, as a value: `{ ok: true, ...result }` or the
 * refusal with the HTTP status it maps to, so a test can assert status, code and message at once.
 */
export async function settled<T extends object | void>(
  run: Promise<T>,
): Promise<({ ok: true } & (T extends object ? T : unknown)) | Refusal> {
  try {
    const value = await run;
    return { ok: true as const, ...(value ?? {}) } as { ok: true } & (T extends object ? T : unknown);
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return {
      ok: false,
      status: statusOf(error),
      code: error.code,
      message: error.message,
      ...(error.field ? { field: error.field } : {}),
      ...(error.fieldErrors ? { fieldErrors: error.fieldErrors } : {}),
    };
  }
}
