import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const packageFile = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../package.json');

/** The product version, from the root package.json. */
export const APP_VERSION: string = (JSON.parse(readFileSync(packageFile, 'utf8')) as { version: string }).version;
