import type { z } from "zod";
import { invalid, type DomainError } from "~/domain/errors";

/**
 * A refused Paramètres form as the settings saves answer it: one French message per field (the
 * first of each, keyed by its dotted path) and, unless given, all of them as the message.
 */
export function refusedSettings(code: string, error: z.ZodError, message?: string): DomainError {
  const fieldErrors: Record<string, string> = {};
  for (const issue of error.issues) fieldErrors[issue.path.map(String).join(".")] ??= issue.message;
  return invalid(code, message ?? Object.values(fieldErrors).join(" ; "), { fieldErrors });
}
