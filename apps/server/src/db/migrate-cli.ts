import { loadDotEnv, loadSettings } from '../config.ts';
import { migrateDatabase, openDatabase } from './client.ts';

loadDotEnv();
const settings = loadSettings();
const database = await openDatabase(
  settings.DATABASE_URL ? { databaseUrl: settings.DATABASE_URL } : { dataDir: settings.DATA_DIR },
);
try {
  await migrateDatabase(database);
  console.log('migrations applied');
} finally {
  await database.close();
}
