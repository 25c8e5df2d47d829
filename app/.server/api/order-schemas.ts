import { z } from "zod";
import { ORDER_STATUS_VALUES, type OrderView } from "~/features/orders/order.types";

/** Response shapes of the orders API (history, one order, cancellation), for the OpenAPI document. */
const OrderAddressSchema = z.object({
  first_name: z.string(),
  last_name: z.string(),
  company: z.string().nullable().optional(),
  street: z.string(),
  additional_info: z.string().nullable().optional(),
  city: z.string(),
  state: z.string().nullable().optional(),
  postal_code: z.string(),
  country: z.string(),
  phone: z.string(),
});

const OrderItemSchema = z.object({
  id: z.uuid(),
  product_id: z.uuid().nullable().describe("Null when the product was deleted since"),
  quantity: z.int().positive(),
  unit_price_cents: z.int().nonnegative(),
  total_price_cents: z.int().nonnegative(),
  product_snapshot: z.object({
    name: z.string(),
    price_cents: z.int().nonnegative(),
    brand: z.string().nullable(),
    image_url: z.string().nullable(),
  }),
});

export const OrderSchema = z
  .object({
    id: z.uuid(),
    reference: z.string().describe("Last 8 characters of the id, upper case, shown as #XXXXXXXX"),
    order_number: z.string(),
    status: z.enum(ORDER_STATUS_VALUES),
    payment_status: z.string(),
    subtotal_cents: z.int().nonnegative(),
    shipping_cents: z.int().nonnegative(),
    discount_cents: z.int().nonnegative().describe("Beauty Pass points discount"),
    tax_cents: z.int().nonnegative(),
    total_cents: z.int().nonnegative(),
    points_used: z.int().nonnegative(),
    currency: z.string(),
    shipping_method: z.enum(["standard", "free_shipping"]),
    shipping_address: OrderAddressSchema,
    metadata: z.object({
      customer_info: z.object({ email: z.string(), name: z.string(), phone: z.string() }).optional(),
      order_source: z.string().optional(),
      shipping_info: z
        .object({ is_free_shipping: z.boolean(), shipping_threshold: z.int().nullable(), zone: z.string() })
        .optional(),
      payment: z.object({ brand: z.string(), last_four: z.string() }).optional(),
    }),
    created_at: z.iso.datetime(),
    cancellable: z.boolean().describe("Pending and placed less than an hour ago"),
    items: z.array(OrderItemSchema),
  })
  .meta({ id: "Order" });

export const OrderListSchema = z.object({ data: z.array(OrderSchema) }).meta({ id: "OrderList" });
export const OrderResponseSchema = z.object({ data: OrderSchema }).meta({ id: "OrderResponse" });

// The view the service returns must stay assignable to the documented shape.
type Assert<T extends true> = T;
export type _OrderMatches = Assert<OrderView extends z.infer<typeof OrderSchema> ? true : false>;
