import type { Wallet } from '@ecogrid/core/wallet.responses';

/** A wallet as GET /api/wallet answers it, with UGX 1,250,000 and an MTN number, for page tests. */
export const aWallet = (changes: Partial<Wallet> = {}): Wallet => ({
  balance: 1_250_000,
  phone: '+256772123456',
  network: 'mtn',
  pending: [],
  withdrawalCheck: { sms: true, authenticator: false },
  sandbox: false,
  ...changes,
});
