import type { OrderStatus } from '@ecogrid/core/orders';
import type { CatalogueText } from '#src/platform/i18n.ts';

/** An order as its news needs it: the number people read out, how it reaches them, its status before. */
export type OrderFacts = {
  number: string;
  fulfilment: 'delivery' | 'pickup';
  /** The status it is leaving: a paid order that is cancelled has its money back in the wallet. */
  was: OrderStatus;
  /** The pickup point's name, for an order collected there. */
  pickupPoint?: string | null;
};

/** The customer, or the agent who serves them (the customer's name, when known). */
type NewsReader = 'customer' | { customer: string | undefined };

export type OrderNews = {
  /**
   * The notifications catalogue's text for the customer ("Your order …") or for the agent who
   * serves them ("Nambi Grace’s order …"), written in the reader's language.
   */
  text: (reader: NewsReader) => CatalogueText;
  /** Only what the customer acts on goes by SMS: collecting the order, meeting the rider, its arrival. */
  sms: boolean;
};

/** The catalogue key of what a status change means, in people's words: never the status key ('processing'). */
function newsKey(order: OrderFacts, status: OrderStatus, mine: boolean): string {
  const pickup = order.fulfilment === 'pickup';
  switch (status) {
    case 'pending_payment':
      return 'placed';
    case 'paid':
      return pickup ? 'paidForPickup' : 'paidForDelivery';
    case 'processing':
      return 'processing';
    case 'shipped':
      return pickup ? (order.pickupPoint ? 'readyForPickupAt' : 'readyForPickup') : 'onItsWay';
    case 'delivered':
      return pickup ? 'collected' : 'delivered';
    case 'completed':
      return 'completed';
    case 'cancelled':
      return order.was === 'paid' && mine ? 'cancelledRefunded' : 'cancelled';
  }
}

export function orderNews(order: OrderFacts, status: OrderStatus): OrderNews {
  const whose = (reader: NewsReader): CatalogueText => {
    if (reader === 'customer') return { key: 'notifications:order.yours', values: { number: order.number } };
    if (!reader.customer) return { key: 'notifications:order.yourCustomers', values: { number: order.number } };
    return { key: 'notifications:order.theirs', values: { number: order.number, customer: reader.customer } };
  };
  return {
    text: (reader) => ({
      key: `notifications:order.${newsKey(order, status, reader === 'customer')}`,
      values: { order: { text: whose(reader) }, place: order.pickupPoint ?? '' },
    }),
    sms: status === 'shipped' || status === 'delivered',
  };
}
