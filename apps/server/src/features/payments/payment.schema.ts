import { paymentSchema as corePaymentSchema } from '@ecogrid/core/payments.responses';

/** A payment as the API shows it (the core Payment schema, under its OpenAPI name). */
export const paymentSchema = corePaymentSchema.openapi('Payment');
