import { loadDotEnv, loadSettings } from '../../config.ts';
import { migrateDatabase, openConfiguredDatabase } from '../client.ts';
import { seedDemoData } from './seed.ts';

loadDotEnv();
const settings = loadSettings();
const database = await openConfiguredDatabase(settings);
try {
  await migrateDatabase(database);
  const seeded = await seedDemoData(database.db);
  console.log(seeded.products ? `loaded ${seeded.products} demo products` : 'the catalogue already has products');
} finally {
  await database.close();
}
