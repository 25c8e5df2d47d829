import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createTestDatabase } from "../../../../tests/support/db";
import type { DatabaseHandle } from "../../db/client";
import { user, userProfiles } from "../../db/schema";
import { isDomainError } from "~/domain/errors";
import * as CHECKOUT_MESSAGES from "~/domain/messages/checkout";
import { clearBusinessInvoice, getBusinessInvoice, saveBusinessInvoice } from "./business-invoice.service";

let handle: DatabaseHandle;
const alice = "user-b2b-alice";
const bruno = "user-b2b-bruno";
const ghost = "user-b2b-without-profile";

beforeAll(async () => {
  handle = await createTestDatabase();
  await handle.db.insert(user).values([
    { id: alice, name: "Alice Martin", email: "alice.b2b@example.com" },
    { id: bruno, name: "Bruno Petit", email: "bruno.b2b@example.com" },
    { id: ghost, name: "Sans Profil", email: "ghost.b2b@example.com" },
  ]);
  await handle.db.insert(userProfiles).values([
    { id: alice, firstName: "Alice" },
    { id: bruno, firstName: "Bruno" },
  ]);
});

afterAll(async () => {
  await handle?.close();
});

async function refusalOf(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!isDomainError(error)) throw new Error(`expected a DomainError, got ${String(error)}`);
  return error;
}

describe("business invoice details in the account", () => {
  it("has none until saved", async () => {
    expect(await getBusinessInvoice(handle.db, alice)).toBeNull();
  });

  it("saves them normalised, for that shopper only", async () => {
    const saved = await saveBusinessInvoice(handle.db, alice, {
      company_name: " Parfums Lumière SAS ",
      siret: "732 829 320 00074",
      vat_number: "fr 44 732 829 320",
    });
    const expected = { company_name: "Parfums Lumière SAS", siren: "732829320", siret: "73282932000074", vat_number: "FR44732829320" };
    expect(saved).toEqual(expected);
    expect(await getBusinessInvoice(handle.db, alice)).toEqual(expected);
    const [row] = await handle.db.select({ b: userProfiles.businessInvoice }).from(userProfiles).where(eq(userProfiles.id, alice));
    expect(row?.b).toEqual(expected);
    expect(await getBusinessInvoice(handle.db, bruno)).toBeNull();
  });

  it("replaces them with new details", async () => {
    await saveBusinessInvoice(handle.db, alice, { company_name: "Beauté Bruxelles SRL", vat_number: "BE0403019261" });
    expect(await getBusinessInvoice(handle.db, alice)).toEqual({
      company_name: "Beauté Bruxelles SRL",
      siren: null,
      siret: null,
      vat_number: "BE0403019261",
    });
  });

  it("refuses a wrong VAT key and a bad SIREN with French messages per field, and keeps what was saved", async () => {
    const before = await getBusinessInvoice(handle.db, alice);
    const error = await refusalOf(
      saveBusinessInvoice(handle.db, alice, { company_name: "Atelier", siren: "552100555", vat_number: "DE136695977" }),
    );
    expect(error.kind).toBe("invalid");
    expect(error.code).toBe("invalid_business_invoice");
    expect(error.message).toBe(CHECKOUT_MESSAGES.sirenInvalid);
    expect(error.fieldErrors).toEqual({
      company_number: "SIREN invalide : vérifiez les 9 chiffres.",
      vat_number: "Numéro de TVA intracommunautaire invalide : la clé de contrôle ne correspond pas.",
    });
    expect(await getBusinessInvoice(handle.db, alice)).toEqual(before);
  });

  it("refuses a French company without a SIREN", async () => {
    const error = await refusalOf(saveBusinessInvoice(handle.db, bruno, { company_name: "Atelier", vat_number: "" }));
    expect(error.fieldErrors).toEqual({ company_number: CHECKOUT_MESSAGES.frenchCompanyNeedsSiren });
    expect(await getBusinessInvoice(handle.db, bruno)).toBeNull();
  });

  it("says so when the shopper has no profile", async () => {
    const error = await refusalOf(saveBusinessInvoice(handle.db, ghost, { company_name: "Atelier", siren: "552100554" }));
    expect(error.kind).toBe("not_found");
    expect(await getBusinessInvoice(handle.db, ghost)).toBeNull();
  });

  it("clears them, leaving the other shopper's", async () => {
    await saveBusinessInvoice(handle.db, bruno, { company_name: "Atelier", siren: "552100554" });
    await clearBusinessInvoice(handle.db, alice);
    expect(await getBusinessInvoice(handle.db, alice)).toBeNull();
    expect(await getBusinessInvoice(handle.db, bruno)).toEqual({
      company_name: "Atelier",
      siren: "552100554",
      siret: null,
      vat_number: null,
    });
  });
});
