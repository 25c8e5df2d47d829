/**
 * Paramètres: what the delivery methods form shows and what its action answers. Isomorphic
 * helpers around DeliveryMethodFormSchema (delivery-methods.ts).
 */
import { centsAsInputText } from "~/lib/money";
import type { DeliveryMethodCode } from "./delivery-methods";
import * as CHECKOUT_MESSAGES from "~/domain/messages/checkout";

/** Each method's heading in Paramètres (its shop-facing name is editable, its role is not). */
export const DELIVERY_METHOD_TITLES: Record<DeliveryMethodCode, string> = {
  standard: CHECKOUT_MESSAGES.standardDelivery,
  relay: CHECKOUT_MESSAGES.pickupPoint,
  express: CHECKOUT_MESSAGES.expressDelivery,
};

export type DeliveryMethodFormValues = {
  name: string;
  carrier: string;
  /** The carrier's product (carrier-products.ts); the service checks it is the carrier's and fits the method. */
  product_code: string;
  price: string;
  free_threshold: string;
  delay_working_days: string;
  zones: string[];
  active: boolean;
};

/** A method saved: which one (a refusal sends back the values as typed, with this code among them). */
export type SavedDeliveryMethod = { code: DeliveryMethodCode };

/** Cents to the form's text: 990 -> "9,90", 10000 -> "100"; null -> "" (never free). */
export function centsToEurosInput(cents: number | null): string {
  return cents === null ? "" : centsAsInputText(cents);
}

/** A posted form (FormData entries) as the schema's input: several `zones`, a checkbox for `active`. */
export function deliveryMethodFormValues(form: { get(name: string): unknown; getAll(name: string): unknown[] }): DeliveryMethodFormValues {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  return {
    name: text("name"),
    carrier: text("carrier"),
    product_code: text("product_code"),
    price: text("price"),
    free_threshold: text("free_threshold"),
    delay_working_days: text("delay_working_days"),
    zones: form.getAll("zones").filter((z): z is string => typeof z === "string"),
    active: text("active") === "on" || text("active") === "true",
  };
}
