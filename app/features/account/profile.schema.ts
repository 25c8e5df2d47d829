import { z } from "zod";
import { NAME_MAX } from "~/features/auth/auth.schema";

/** Phone: 10 to 20 characters of digits, spaces, plus, hyphen, parentheses and dots (spec). */
export const PHONE_PATTERN = /^[0-9\s+\-().]{10,20}$/;

const name = (required: string) =>
  z
    .string()
    .trim()
    .min(1, { error: required })
    .max(NAME_MAX, { error: `${NAME_MAX} caractères au maximum` })
    .regex(/^[\p{L}\p{M}][\p{L}\p{M}' .-]*$/u, { error: "Caractères non autorisés dans le nom" });

export const ProfileUpdateSchema = z.object({
  firstName: name("Le prénom est obligatoire"),
  lastName: z
    .string()
    .trim()
    .max(NAME_MAX, { error: `${NAME_MAX} caractères au maximum` })
    .refine((v) => v === "" || /^[\p{L}\p{M}][\p{L}\p{M}' .-]*$/u.test(v), { error: "Caractères non autorisés dans le nom" })
    .transform((v) => (v === "" ? null : v)),
  phone: z
    .string()
    .trim()
    .refine((v) => v === "" || PHONE_PATTERN.test(v), { error: "Format de téléphone invalide" })
    .transform((v) => (v === "" ? null : v)),
});

export type ProfileUpdate = z.infer<typeof ProfileUpdateSchema>;
