import { randomUUID } from 'node:crypto';
import type { AfricasTalkingPayment } from '@ecogrid/core/paybill';
import { africasTalkingCallbackPath } from '../africastalking-callbacks.ts';

export type SandboxPaybill = {
  /** The payer's number, E.164. */
  phone: string;
  amount: number;
  /** What the payer typed as the account number. */
  account: string;
  /** To send the same notification again, as a network retrying does. */
  transactionId?: string;
  status?: 'Success' | 'Failed';
};

/** The notification Africa's Talking posts when a customer pays the paybill from their phone. */
export function paybillNotification(input: SandboxPaybill, paybillNumber: string): AfricasTalkingPayment {
  const transactionId = input.transactionId ?? `ATPid_${randomUUID().replaceAll('-', '')}`;
  return {
    transactionId,
    category: 'MobileC2B',
    provider: 'Athena',
    providerRefId: `SBX${transactionId.slice(-10).toUpperCase()}`,
    providerChannel: paybillNumber,
    clientAccount: input.account,
    productName: 'EcoGrid',
    sourceType: 'PhoneNumber',
    source: input.phone,
    destinationType: 'Wallet',
    destination: 'PaymentWallet',
    value: `UGX ${input.amount}.00`,
    transactionFee: 'UGX 0.00',
    providerFee: 'UGX 0.00',
    status: input.status ?? 'Success',
    description:
      input.status === 'Failed' ? 'The payment failed' : 'Received Mobile Checkout funds from ' + input.phone,
    requestMetadata: {},
    providerMetadata: {},
    transactionDate: new Date().toISOString().slice(0, 19).replace('T', ' '),
  };
}

/**
 * The sandbox's paybill: posts the notification to the app's own Africa's Talking payments
 * callback, through the app's request handler, as the aggregator would over the internet.
 */
export function createSandboxPaybill(options: { publicUrl: string; token: string; paybillNumber: string }) {
  let appFetch: ((request: Request) => Response | Promise<Response>) | null = null;
  return {
    connect(fetchApp: (request: Request) => Response | Promise<Response>) {
      appFetch = fetchApp;
    },
    async send(input: SandboxPaybill): Promise<Response> {
      if (!appFetch) throw new Error('The sandbox is not connected to the app yet');
      const url = `${options.publicUrl}${africasTalkingCallbackPath(options.token, 'payments')}`;
      const body = JSON.stringify(paybillNotification(input, options.paybillNumber));
      return appFetch(new Request(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body }));
    },
  };
}
