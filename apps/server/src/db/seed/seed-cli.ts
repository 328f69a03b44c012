import { loadDotEnv, loadSettings } from '../../config.ts';
import { migrateDatabase, openConfiguredDatabase } from '../client.ts';
import { disableDemoAccounts, seedDemoAccounts } from './demo-accounts.ts';
import { seedDemoAgentBook } from './demo-agent.ts';
import { seedDemoCredit } from './demo-credit.ts';
import { seedDemoData } from './seed.ts';

loadDotEnv();
const settings = loadSettings();
const database = await openConfiguredDatabase(settings);
try {
  await migrateDatabase(database);
  const seeded = await seedDemoData(database.db);
  console.log(seeded.products ? `loaded ${seeded.products} demo products` : 'the catalogue already has products');
  const credit = await seedDemoCredit(database.db, settings.AUTH_SECRET);
  console.log(`loaded ${credit.plans} demo credit plans and ${credit.devices} demo devices`);
  if (settings.DEMO_ACCOUNTS) {
    const created = await seedDemoAccounts(database.db);
    console.log(created.accounts ? `created ${created.accounts} demo sign-ins` : 'the demo sign-ins already exist');
    const book = await seedDemoAgentBook(database.db);
    console.log(
      book.customers ? `loaded the demo agent's ${book.customers} customers` : 'the demo agent has customers',
    );
  } else {
    const disabled = await disableDemoAccounts(database.db);
    if (disabled.accounts) console.log(`deactivated ${disabled.accounts} demo sign-ins (DEMO_ACCOUNTS is off)`);
  }
} finally {
  await database.close();
}
