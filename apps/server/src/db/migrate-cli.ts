import { loadDotEnv, loadSettings } from '../config.ts';
import { migrateDatabase, openConfiguredDatabase } from './client.ts';

loadDotEnv();
const settings = loadSettings();
const database = await openConfiguredDatabase(settings);
try {
  await migrateDatabase(database);
  console.log('migrations applied');
} finally {
  await database.close();
}
