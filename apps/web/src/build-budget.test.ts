import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { INITIAL_JS_BUDGET_BYTES, MARKETPLACE_PAGE, measureInitialJs } from '../initial-js.ts';

const dist = path.resolve(import.meta.dirname, '../dist');

describe('the built web app', () => {
  it('has been built before the suite runs', () => {
    expect(existsSync(path.join(dist, '.vite/manifest.json')), 'run `npm run build` first').toBe(true);
  });

  it('keeps the marketplace initial JavaScript within 150 kB of gzip', () => {
    const { totalGzipBytes, files } = measureInitialJs(dist, MARKETPLACE_PAGE);
    expect(files.length).toBeGreaterThan(1);
    expect(totalGzipBytes).toBeLessThanOrEqual(INITIAL_JS_BUDGET_BYTES);
  });

  it('loads other routes lazily, outside the marketplace download', () => {
    const marketplace = new Set(measureInitialJs(dist, MARKETPLACE_PAGE).files.map((f) => f.file));
    for (const page of [
      'src/app/pages/product-route.tsx',
      'src/features/auth/auth-page.tsx',
      'src/app/admin/home-page.tsx',
      'src/features/users/users-page.tsx',
      'src/features/system/security-page.tsx',
      'src/features/system/outbox-page.tsx',
      'src/features/payments/payment-pages.tsx',
      'src/app/admin/catalogue-pages.tsx',
      'src/features/wallet/wallet-page.tsx',
      'src/features/cart/cart-page.tsx',
      'src/app/pages/checkout-route.tsx',
      'src/features/orders/my-orders-page.tsx',
      'src/features/orders/order-page.tsx',
      'src/features/loans/loans-page.tsx',
      'src/features/loans/loan-page.tsx',
      'src/features/orders/admin/order-pages.tsx',
      'src/features/kyc/admin/kyc-pages.tsx',
      'src/features/loans/admin/loan-pages.tsx',
      'src/app/admin/agent-pages.tsx',
      'src/app/pages/agent-app.tsx',
    ]) {
      const files = measureInitialJs(dist, page).files.map((f) => f.file);
      expect(
        files.some((file) => !marketplace.has(file)),
        page,
      ).toBe(true);
    }
  });
});
