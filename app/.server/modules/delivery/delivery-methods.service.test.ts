import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../../tests/support/db";
import type { DatabaseHandle } from "../../db/client";
import { deliveryMethods } from "../../db/schema";
import { PRODUCT_NOT_FITTING_MESSAGE, forgetDeliveryMethods, listDeliveryMethods, updateDeliveryMethod } from "./delivery-methods.service";
import { SHIPPING_ZONE_CODES } from "~/domain/delivery/delivery-methods";
import { deliveryMethodFormValues } from "~/domain/delivery/delivery-methods-form";

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await createTestDatabase();
});

afterAll(async () => {
  await handle?.close();
});

const relayForm = {
  name: "Point relais",
  carrier: "colissimo",
  price: "7,90",
  free_threshold: "49",
  delay_working_days: "3",
  zones: ["metropole", "corse"],
  active: true,
};

const standardForm = { ...relayForm, name: "Livraison standard", price: "9,90", delay_working_days: "2", zones: [...SHIPPING_ZONE_CODES] };

async function storedRow(code: string) {
  const [row] = await handle.db.select().from(deliveryMethods).where(eq(deliveryMethods.code, code));
  return row;
}

describe("updateDeliveryMethod: the carrier's product (decision 062)", () => {
  it("stores a product of the carrier that fits the method, and lists it with the method", async () => {
    const saved = await updateDeliveryMethod(handle.db, "relay", { ...relayForm, carrier: "mondialrelay", product_code: "24R" }, "admin");
    expect(saved).toMatchObject({ code: "relay", carrier: "mondialrelay", productCode: "24R" });
    expect(await storedRow("relay")).toMatchObject({ carrier: "mondialrelay", productCode: "24R" });
    forgetDeliveryMethods(handle.db);
    expect((await listDeliveryMethods(handle.db)).find((m) => m.code === "relay")).toMatchObject({ productCode: "24R" });

    // A point product of another kind from the same carrier fits too.
    await updateDeliveryMethod(handle.db, "relay", { ...relayForm, product_code: "BPR" }, "admin");
    expect(await storedRow("relay")).toMatchObject({ carrier: "colissimo", productCode: "BPR" });
  });

  it("refuses a product that does not fit the method, or is another carrier's, on the product field, and changes nothing", async () => {
    await updateDeliveryMethod(handle.db, "relay", { ...relayForm, product_code: "A2P" }, "admin");
    const refusals: [string, Record<string, unknown>][] = [
      // A home product for the relay method.
      ["relay", { ...relayForm, product_code: "DOM" }],
      // Mondial Relay's product under Colissimo.
      ["relay", { ...relayForm, product_code: "24R" }],
      // A point product for a home method.
      ["standard", { ...standardForm, product_code: "A2P" }],
      ["standard", { ...standardForm, product_code: "NOPE" }],
    ];
    for (const [code, form] of refusals) {
      await expect(updateDeliveryMethod(handle.db, code, form, "admin"), String(form.product_code)).rejects.toMatchObject({
        code: "invalid_delivery_method",
        fieldErrors: { product_code: PRODUCT_NOT_FITTING_MESSAGE },
      });
    }
    expect(await storedRow("relay")).toMatchObject({ carrier: "colissimo", productCode: "A2P", name: "Point relais" });
  });

  it("takes the carrier's first fitting product when none is chosen", async () => {
    expect(await updateDeliveryMethod(handle.db, "standard", { ...standardForm, carrier: "mondialrelay" }, "admin")).toMatchObject({
      productCode: "HOM",
    });
    expect(await updateDeliveryMethod(handle.db, "relay", { ...relayForm, product_code: "" }, "admin")).toMatchObject({
      productCode: "A2P",
    });
    await updateDeliveryMethod(handle.db, "standard", { ...standardForm, product_code: "DOM" }, "admin");
  });

  it("reads the product from the posted Paramètres form", async () => {
    const form = new FormData();
    for (const [name, value] of Object.entries({ ...relayForm, carrier: "mondialrelay", product_code: "24R", active: "on" })) {
      if (Array.isArray(value)) for (const zone of value) form.append(name, zone);
      else form.append(name, String(value));
    }
    const values = deliveryMethodFormValues(form);
    expect(values).toMatchObject({ carrier: "mondialrelay", product_code: "24R", active: true });
    expect(await updateDeliveryMethod(handle.db, "relay", values, "admin")).toMatchObject({ productCode: "24R" });
    expect(deliveryMethodFormValues(new FormData())).toMatchObject({ product_code: "" });
  });
});
