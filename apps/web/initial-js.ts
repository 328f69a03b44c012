import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

type ManifestChunk = { file: string; imports?: string[]; isEntry?: boolean };
type Manifest = Record<string, ManifestChunk>;

export type InitialJs = { files: { file: string; gzipBytes: number }[]; totalGzipBytes: number };

/**
 * The JavaScript a first visit to a page downloads before it can show anything: the entry,
 * everything it imports statically, and the page's own lazily loaded chunk with its imports.
 * Sizes are gzip at the default level, as a server compresses on the fly.
 */
export function measureInitialJs(distDir: string, pageModule?: string): InitialJs {
  const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest`);
    if (seen.has(chunk.file)) return;
    seen.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit('index.html');
  if (pageModule) visit(pageModule);
  const files = [...seen]
    .filter((file) => file.endsWith('.js'))
    .map((file) => ({ file, gzipBytes: gzipSync(readFileSync(path.join(distDir, file))).length }));
  return { files, totalGzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0) };
}

/** The marketplace ships inside the entry chunk (it is the landing page), so it has no chunk of its own. */
export const MARKETPLACE_PAGE = undefined;
/** Issue budget: the marketplace's initial JavaScript stays at or under 150 kB of gzip. */
export const INITIAL_JS_BUDGET_BYTES = 150 * 1000;
