/**
 * Property tests of the main input schemas (checkout, address, profile, product form, client
 * edit, contact): whatever string a user puts in a field, parsing never throws; a string the
 * shared text rule refuses is refused at that field with the rule's French message; and nothing
 * a successful parse returns carries such a string on towards the database.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { AddressSchema } from "../../app/domain/addresses/address.schema";
import { ProfileUpdateApiSchema, ProfileUpdateSchema } from "../../app/domain/account/profile.schema";
import { ClientProfileUpdateSchema } from "../../app/domain/customers/admin-client-profile.schema";
import { ProductFormSchema } from "../../app/domain/catalog/admin-product-form.schema";
import { CardSchema, ContactInfoSchema, PlaceOrderSchema } from "../../app/domain/checkout/checkout.schema";
import { ContactSchema } from "../../app/domain/support/contact.schema";
import { PaymentMethodSchema } from "../../app/domain/payment-methods/payment-method.schema";
import { isSafeText, UNSAFE_TEXT_MESSAGE } from "../../app/lib/safe-text.rules";

type Path = (string | number)[];

const anyUtf16 = fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)), maxLength: 30 });
const mostlyText = fc.string({
  unit: fc.oneof(
    { weight: 6, arbitrary: fc.string({ unit: "grapheme", minLength: 1, maxLength: 1 }) },
    { weight: 1, arbitrary: fc.constantFrom("\u0000", "\ud800", "\udc00", "\u0008", "\uffff", " ") },
  ),
  maxLength: 30,
});
const userString = fc.oneof(anyUtf16, mostlyText, fc.constantFrom("", " ", "\u0000", "a\u0000", "\ud800"));

function withValue<T>(base: T, path: Path, value: unknown): T {
  const copy = structuredClone(base) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path[path.length - 1]] = value;
  return copy as T;
}

function stringsIn(value: unknown, out: string[] = []): string[] {
  if (typeof value === "string") out.push(value);
  else if (Array.isArray(value)) value.forEach((v) => stringsIn(v, out));
  else if (value && typeof value === "object") Object.values(value).forEach((v) => stringsIn(v, out));
  return out;
}

const samePath = (a: readonly PropertyKey[], b: Path) => b.every((key, i) => a[i] === key);

const cases: { name: string; schema: z.ZodType; base: unknown; fields: Path[]; issuePath?: (field: Path) => Path }[] = [
  {
    name: "address",
    schema: AddressSchema,
    base: {
      label: "Maison",
      first_name: "Marie",
      last_name: "Curie",
      company: "",
      address_line_1: "12 rue des Lilas",
      address_line_2: "",
      city: "Lyon",
      state: "",
      postal_code: "69003",
      country: "France",
      phone: "06 12 34 56 78",
    },
    fields: [
      ["label"],
      ["first_name"],
      ["last_name"],
      ["company"],
      ["address_line_1"],
      ["address_line_2"],
      ["city"],
      ["state"],
      ["postal_code"],
      ["country"],
      ["phone"],
    ],
  },
  {
    name: "checkout contact",
    schema: ContactInfoSchema,
    base: { email: "marie@example.com", name: "Marie Curie", phone: "06 12 34 56 78" },
    fields: [["email"], ["name"], ["phone"]],
  },
  {
    name: "checkout card",
    schema: CardSchema,
    base: { holder: "Marie Curie", number: "4242 4242 4242 4242", expiry: "12/40", cvc: "123" },
    fields: [["holder"], ["number"], ["expiry"], ["cvc"]],
  },
  {
    name: "saved card (Moyens de Paiement)",
    schema: PaymentMethodSchema,
    base: { number: "4242 4242 4242 4242", expiry: "12/40", holder: "Marie Curie" },
    fields: [["number"], ["expiry"], ["holder"]],
  },
  {
    name: "order request",
    schema: PlaceOrderSchema,
    base: {
      contact: { email: "marie@example.com", name: "Marie Curie", phone: "06 12 34 56 78" },
      card: { holder: "Marie Curie", number: "4242 4242 4242 4242", expiry: "12/40", cvc: "123" },
      notes: "Sonner deux fois",
      promo_code: "BIENVENUE",
      gift_card_codes: ["AURORE-1234"],
    },
    fields: [["contact", "name"], ["card", "holder"], ["notes"], ["promo_code"], ["gift_card_codes", 0]],
  },
  {
    name: "profile",
    schema: ProfileUpdateSchema,
    base: { firstName: "Marie", lastName: "Curie", phone: "0612345678" },
    fields: [["firstName"], ["lastName"], ["phone"]],
  },
  {
    name: "profile (API)",
    schema: ProfileUpdateApiSchema,
    base: { first_name: "Marie", last_name: "Curie", phone: "0612345678" },
    fields: [["first_name"], ["last_name"], ["phone"]],
  },
  {
    name: "product form",
    schema: ProductFormSchema,
    base: {
      name: "Crème de jour",
      description: "Hydrate 24 h",
      category_id: "00000000-0000-4000-8000-000000000000",
      new_brand: "Aurore",
      rating: "4.5",
      review_count: "2",
      image_url: "",
      images: [],
      tags: ["soin"],
      attributes: { color: "", usage: "Matin" },
      ingredients: "Aqua, Glycerin",
      usage_tips: "Le matin",
      variants: [
        { id: "", label: "", size: "50 ml", shade: "", shade_hex: "", sku: "CR-1", price: "12,50", original_price: "0", stock: "3" },
      ],
    },
    // price and stock are numbers: text that is not one reads as 0 (spec), never as text.
    fields: [
      ["name"],
      ["description"],
      ["new_brand"],
      ["image_url"],
      ["tags", 0],
      ["attributes", "usage"],
      ["ingredients"],
      ["usage_tips"],
      ["variants", 0, "label"],
      ["variants", 0, "size"],
      ["variants", 0, "shade"],
      ["variants", 0, "sku"],
    ],
  },
  {
    name: "client edit (back-office)",
    schema: ClientProfileUpdateSchema,
    base: {
      firstName: "Inès",
      lastName: "Martin",
      phone: "",
      dateOfBirth: "1990-04-12",
      gender: "",
      bio: "Peau sensible",
      profilePictureUrl: "",
    },
    fields: [["firstName"], ["lastName"], ["phone"], ["dateOfBirth"], ["bio"], ["profilePictureUrl"]],
  },
  {
    name: "contact form",
    schema: ContactSchema,
    base: { name: "Marie", email: "marie@example.com", subject: "Livraison", message: "Bonjour" },
    fields: [["name"], ["email"], ["subject"], ["message"]],
  },
];

describe.each(cases)("$name schema", ({ schema, base, fields }) => {
  it("accepts its valid example", () => {
    expect(schema.safeParse(base).success).toBe(true);
  });

  it.each(fields.map((f) => [f.join("."), f] as const))(
    "%s: never throws, refuses unsafe text there, returns only safe text",
    (_, field) => {
      fc.assert(
        fc.property(userString, (value) => {
          const parsed = schema.safeParse(withValue(base, field, value));
          if (!isSafeText(value)) {
            expect(parsed.success).toBe(false);
            const here = parsed.error!.issues.filter((i) => samePath(i.path, field.slice(0, 1)));
            expect(here.map((i) => i.message)).toContain(UNSAFE_TEXT_MESSAGE);
          }
          if (parsed.success) expect(stringsIn(parsed.data).every(isSafeText)).toBe(true);
        }),
        { numRuns: 300 },
      );
    },
  );

  it("never throws on values of the wrong type", () => {
    const every = [...fields, ...Object.keys(base as object).map((k) => [k])];
    fc.assert(
      fc.property(fc.constantFrom(...every), fc.anything(), (field, value) => {
        expect(() => schema.safeParse(withValue(base, field, value))).not.toThrow();
      }),
      { numRuns: 300 },
    );
  });
});
