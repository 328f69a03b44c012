import {
  africasTalkingPaymentSchema,
  paybillAssignSchema,
  paybillReceiptSchema,
  paybillReturnSchema,
} from '@ecogrid/core/paybill';
import '@hono/zod-openapi';

// Core's schemas, named in the OpenAPI document (extend makes copies that carry .openapi).
export const receiptSchema = paybillReceiptSchema.extend({}).openapi('PaybillReceipt');
export const notificationSchema = africasTalkingPaymentSchema.extend({}).openapi('AfricasTalkingPaymentNotification');
export const assignSchema = paybillAssignSchema.extend({}).openapi('PaybillAssign');
export const returnSchema = paybillReturnSchema.extend({}).openapi('PaybillReturn');
