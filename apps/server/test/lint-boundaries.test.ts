// The boundaries of docs/conventions.md are checked on resolved paths, so a relative import
// cannot slip past them, and an import cycle fails lint. Each case lints a small piece of code
// placed, by name, where the breach would be.
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../../..');
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: root, ignore: false });
});

async function rulesBroken(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, filePath) });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

describe('lint boundaries', { timeout: 180_000 }, () => {
  it('refuses a server feature reaching into another by a relative path', async () => {
    const code = "import { ordersRoutes } from '../orders/orders.routes.ts';\nexport const x = ordersRoutes;\n";
    expect(await rulesBroken(code, 'apps/server/src/features/cart/probe.ts')).toContain('import-x/no-restricted-paths');
  });

  it("refuses a server feature reading another feature's tables by a relative path", async () => {
    const code = "import { payments } from '../../db/schema/payments.ts';\nexport const x = payments;\n";
    expect(await rulesBroken(code, 'apps/server/src/features/cart/probe.ts')).toContain('import-x/no-restricted-paths');
  });

  it("allows another feature's service and the feature's own tables", async () => {
    const code =
      "import { cartItems } from '../../db/schema/cart.ts';\nimport * as wallet from '../wallet/ledger.service.ts';\nexport const x = [cartItems, wallet];\n";
    expect(await rulesBroken(code, 'apps/server/src/features/cart/probe.ts')).toEqual([]);
  });

  it('refuses a web feature importing another by a relative path', async () => {
    const code = "import * as orders from '../orders/api.ts';\nexport const x = orders;\n";
    expect(await rulesBroken(code, 'apps/web/src/features/cart/probe.ts')).toContain('import-x/no-restricted-paths');
  });

  it('refuses an import cycle', async () => {
    const code = "import { b } from './cycle-b.ts';\n\nexport const a = (): number => b() + 1;\n";
    expect(await rulesBroken(code, 'apps/server/test/lint-fixtures/cycle-a.ts')).toContain('import-x/no-cycle');
  });
});
