import type { OrderStatus } from '@ecogrid/core/orders';

/** An order as its news needs it: the number people read out, how it reaches them, its status before. */
export type OrderFacts = {
  number: string;
  fulfilment: 'delivery' | 'pickup';
  /** The status it is leaving: a paid order that is cancelled has its money back in the wallet. */
  was: OrderStatus;
  /** The pickup point's name, for an order collected there. */
  pickupPoint?: string | null;
};

export type OrderNews = {
  title: string;
  /** `whose` is 'Your' for the customer, or "Nambi Grace’s" for the agent who serves them. */
  message: (whose: string) => string;
  /** Only what the customer acts on goes by SMS: collecting the order, meeting the rider, its arrival. */
  sms: boolean;
};

/** What a status change means, in people's words: never the status key ('processing'). */
export function orderNews(order: OrderFacts, status: OrderStatus): OrderNews {
  const it = (whose: string) => `${whose} order ${order.number}`;
  const pickup = order.fulfilment === 'pickup';
  switch (status) {
    case 'pending_payment':
      return { title: 'Order placed', message: (w) => `${it(w)} is waiting for its payment.`, sms: false };
    case 'paid':
      return {
        title: 'Order paid',
        message: (w) => `${it(w)} is paid. We will say when it is ${pickup ? 'ready for pickup' : 'on its way'}.`,
        sms: false,
      };
    case 'processing':
      return { title: 'Order being prepared', message: (w) => `${it(w)} is being prepared.`, sms: false };
    case 'shipped':
      return pickup
        ? {
            title: 'Order ready for pickup',
            message: (w) => `${it(w)} is ready for pickup${order.pickupPoint ? ` at ${order.pickupPoint}` : ''}.`,
            sms: true,
          }
        : {
            title: 'Order on its way',
            message: (w) => `${it(w)} is out for delivery.`,
            sms: true,
          };
    case 'delivered':
      return {
        title: pickup ? 'Order collected' : 'Order delivered',
        message: (w) => `${it(w)} was ${pickup ? 'collected' : 'delivered'}.`,
        sms: true,
      };
    case 'completed':
      return {
        title: 'Order complete',
        message: (w) => `${it(w)} is complete. Thank you for buying with EcoGrid.`,
        sms: false,
      };
    case 'cancelled':
      return {
        title: 'Order cancelled',
        message: (w) =>
          `${it(w)} was cancelled.${order.was === 'paid' && w === 'Your' ? ' The money you paid is back in your EcoGrid wallet.' : ''}`,
        sms: false,
      };
  }
}
