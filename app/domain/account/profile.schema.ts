import { z } from "zod";
import { text } from "~/lib/safe-text";
import { NAME_MAX } from "~/domain/auth/auth.rules";

/** Phone: 10 to 20 characters of digits, spaces, plus, hyphen, parentheses and dots (spec). */
export const PHONE_PATTERN = /^[0-9\s+\-().]{10,20}$/;

const name = (required: string) =>
  text()
    .trim()
    .min(1, { error: required })
    .max(NAME_MAX, { error: `${NAME_MAX} caractères au maximum` })
    .regex(/^[\p{L}\p{M}][\p{L}\p{M}' .-]*$/u, { error: "Caractères non autorisés dans le nom" });

export const ProfileUpdateSchema = z.object({
  firstName: name("Le prénom est obligatoire"),
  lastName: text()
    .trim()
    .max(NAME_MAX, { error: `${NAME_MAX} caractères au maximum` })
    .refine((v) => v === "" || /^[\p{L}\p{M}][\p{L}\p{M}' .-]*$/u.test(v), { error: "Caractères non autorisés dans le nom" })
    .transform((v) => (v === "" ? null : v)),
  phone: text()
    .trim()
    .refine((v) => v === "" || PHONE_PATTERN.test(v), { error: "Format de téléphone invalide" })
    .transform((v) => (v === "" ? null : v)),
});

export type ProfileUpdate = z.infer<typeof ProfileUpdateSchema>;

/** The same rules under the API's field names (PATCH /api/v1/me). */
export const ProfileUpdateApiSchema = z
  .object({
    first_name: text().default(""),
    last_name: text().default(""),
    phone: text().default(""),
  })
  .transform((b, ctx) => {
    const parsed = ProfileUpdateSchema.safeParse({ firstName: b.first_name, lastName: b.last_name, phone: b.phone });
    if (parsed.success) return parsed.data;
    const apiName: Record<string, string> = { firstName: "first_name", lastName: "last_name", phone: "phone" };
    for (const issue of parsed.error.issues) {
      ctx.addIssue({ code: "custom", message: issue.message, path: [apiName[String(issue.path[0])] ?? String(issue.path[0])] });
    }
    return z.NEVER;
  });
