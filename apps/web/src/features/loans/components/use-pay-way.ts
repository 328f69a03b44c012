import { defaultNetwork } from '@ecogrid/core/payments';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { MobileNumber } from '@/components/ui/mobile-number-fields.tsx';
import { paymentBlock, paymentChoice, type PayMethod } from '@/components/ui/pay-with.tsx';
import { localPhone } from '@/lib/phone.ts';
import { walletQuery } from '../api.ts';

/**
 * How a loan payment of `amount` is paid: the wallet, unless it holds too little (then mobile
 * money, from the account's number on its guessed network), until the customer chooses. `fields`
 * are PayWith's props for it; `block` says why the chosen way cannot pay, or is null.
 */
export function usePayWay(idPrefix: string, amount: number) {
  const wallet = useQuery(walletQuery);
  const [method, setMethod] = useState<PayMethod | null>(null);
  const [number, setNumber] = useState<MobileNumber | null>(null);
  const phone = wallet.data?.phone ?? null;
  const chosen: PayMethod = method ?? (wallet.data && wallet.data.balance < amount ? 'mobile_money' : 'wallet');
  const mobile = number ?? { phone: localPhone(phone), network: defaultNetwork(phone), networkChosen: false };
  return {
    mobile,
    block: paymentBlock(chosen, [amount], wallet.data?.balance),
    payment: () => paymentChoice(chosen, mobile),
    fields: {
      idPrefix,
      amounts: [amount],
      what: 'payment' as const,
      wallet,
      method: chosen,
      onMethod: setMethod,
      number: mobile,
      onNumber: setNumber,
    },
  };
}
