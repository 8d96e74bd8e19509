import { z } from 'zod';
import { validateCustomer, validateOrderBilling, type FieldErrors } from '../rules/checkout.js';
import { BILLING_COUNTRY, DEFAULT_POSTAL_CODE } from '../rules/regions.js';

/** Payment methods; only dpopay and cash are enabled. Source: spec/shopping.md §3 "Payment methods". */
export const PAYMENT_METHODS = ['dpopay', 'cash', 'bank', 'card'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/** Methods a buyer can use today. */
export const ENABLED_PAYMENT_METHODS: readonly PaymentMethod[] = ['dpopay', 'cash'];
/** Currencies DPO Pay offers; the order payload always sends MWK. Source: spec/shopping.md §9. */
export const CURRENCY_OPTIONS = ['MWK', 'USD', 'EUR', 'GBP', 'ZAR'] as const;
/** Largest amount DPO Pay accepts for one order, MWK (the rule lives in shared/rules/checkout.ts). */
export { DPO_MAX_AMOUNT } from '../rules/checkout.js';

const text = (max: number) => z.string().trim().max(max);

/** Reports a shared rule's field errors as issues on those fields. */
const reportFieldErrors = (ctx: z.RefinementCtx, errors: FieldErrors) => {
  for (const [field, message] of Object.entries(errors)) ctx.addIssue({ code: 'custom', path: [field], message });
};

/**
 * Body of `POST /dpopay/checkout-payment` and `POST /checkout/cash`: customer, billing (city is
 * the region, state the district), the client's cart (read for logging only: the server prices
 * the order from its own cart), currency (MWK) and payment_method. The customer and billing
 * rules and texts are the checkout form's own (shared/rules/checkout.ts: validateCustomer,
 * validateOrderBilling); only the length limits are the server's.
 * Source: spec/shopping.md §5 "Checkout", §7.
 */
/** Open (unpaid) orders one account or phone may hold at once by default (`OPEN_ORDERS_PER_BUYER`). Source: issue 18. */
export const OPEN_ORDERS_PER_BUYER = 3;

export const checkoutInputSchema = z.object({
  customer: z
    .object({ firstName: text(80), lastName: text(80), email: text(190), phone: text(40) })
    .superRefine((customer, ctx) => reportFieldErrors(ctx, validateCustomer(customer))),
  billing: z
    .object({
      address: text(300),
      city: text(80),
      state: text(80),
      postalCode: text(20)
        .optional()
        .transform((v) => v || DEFAULT_POSTAL_CODE),
      country: text(60)
        .optional()
        .transform(() => BILLING_COUNTRY),
    })
    .superRefine((billing, ctx) => reportFieldErrors(ctx, validateOrderBilling(billing))),
  cart: z.object({ items: z.array(z.unknown()).max(200).optional(), total: z.union([z.number(), z.string()]).optional() }).optional(),
  currency: z.string().max(3).optional(),
  payment_method: z.enum(PAYMENT_METHODS).optional(),
  /** Human verification: a guest's cash-on-delivery order needs it (issue 18); ignored otherwise. */
  'g-recaptcha-response': z.string().max(20_000).optional().nullable(),
});
export type CheckoutInput = z.infer<typeof checkoutInputSchema>;
/** The body as a client sends it (before the schema's defaults). */
export type CheckoutRequest = z.input<typeof checkoutInputSchema>;

/** `POST /dpopay/checkout-payment` success answer. Source: spec/shopping.md §3 "DPO response". */
export const dpoCheckoutResponseSchema = z.object({
  success: z.boolean(),
  payment_url: z.string().optional(),
  order_reference: z.string().optional(),
  transaction_token: z.string().optional(),
  amount: z.number().optional(),
  currency: z.string().optional(),
  message: z.string().optional(),
  error_code: z.string().optional(),
  technical_error: z.string().optional(),
  error: z.string().optional(),
});
export type DpoCheckoutResponse = z.infer<typeof dpoCheckoutResponseSchema>;

/** `POST /checkout/cash` answer. Source: spec/shopping.md §3 "COD response". */
export const cashCheckoutResponseSchema = z.object({
  success: z.boolean(),
  message: z.string().optional(),
  order_reference: z.string().optional(),
  reservation: z.object({ hours: z.number(), until: z.string() }).optional(),
  next_url: z.string().optional(),
});
export type CashCheckoutResponse = z.infer<typeof cashCheckoutResponseSchema>;

/**
 * What the result pages show of an order (`GET /api/payments/result`): reference, status,
 * method, amount, and for paid provider orders the transaction id, approval code and date;
 * for cash orders the reservation.
 */
export const paymentResultSchema = z.object({
  order_reference: z.string(),
  status: z.string(),
  payment_status: z.string().nullable(),
  payment_method: z.string().nullable(),
  amount: z.number(),
  currency: z.string(),
  transaction_id: z.string().nullable(),
  approval_code: z.string().nullable(),
  payment_date: z.string().nullable(),
  reserved_until: z.string().nullable(),
  reserve_hours: z.number().nullable(),
  result_code: z.string().nullable(),
  message: z.string().nullable(),
  lines: z.array(z.object({ name: z.string(), quantity: z.number(), unit_price: z.number(), amount: z.number() })),
});
export type PaymentResult = z.infer<typeof paymentResultSchema>;
