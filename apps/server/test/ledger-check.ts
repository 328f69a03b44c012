import { afterEach, expect } from 'vitest';
import { checkLedger } from '#src/features/wallet/ledger.service.ts';
import { openTestDatabases } from './test-db.ts';

// After every test, on every database a test still has open: each journal transaction sums
// to zero, each balance is the sum of its postings, no wallet is below zero, and the whole
// ledger sums to zero.
afterEach(async () => {
  for (const handle of openTestDatabases) {
    expect(await checkLedger(handle.db), 'the ledger after this test').toEqual({
      unbalancedTransactions: 0,
      accountsOffTheirPostings: 0,
      negativeWallets: 0,
      total: 0,
    });
  }
});
