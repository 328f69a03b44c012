/**
 * What other features use of messaging: writing a message again whose text was dropped once
 * sent, and hearing the delivery reports of SMS they handed to the provider themselves.
 */
export { onRebuildMessage, onSmsDeliveryReport, type ForeignDelivery } from './sms-delivery.ts';
