import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { webRoot } from '../../server/cli/web-build';

export const loginPages = { desktop: 'index.html', phone: 'mobile.html' } as const;
export const loginLanguages = ['zh', 'en', 'th'] as const;

export interface LoginWeight {
  page: keyof typeof loginPages;
  language: (typeof loginLanguages)[number];
  jsKiB: number;
  files: string[];
}

interface ManifestChunk {
  file: string;
  imports?: string[];
}

const readManifest = (root: string) =>
  JSON.parse(readFileSync(join(root, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;

/**
 * The build's chunks a start loads before it runs, from the build's manifest: the starts and
 * their static imports, transitively (import() is not followed). A start is a manifest key
 * ("index.html", "locales/en/common.json?login") or a built file ("assets/signed-in-app-x.js").
 */
export function chunkClosure(starts: string[], root = webRoot): Set<string> {
  const manifest = readManifest(root);
  const keyOfFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
  const seen = new Set<string>();
  const pending = starts.map((start) => (manifest[start] ? start : (keyOfFile.get(start) ?? start)));
  while (pending.length) {
    const key = pending.pop()!;
    if (seen.has(key)) continue;
    if (!manifest[key]) throw new Error(`${key} is not in the build's manifest`);
    seen.add(key);
    pending.push(...(manifest[key].imports ?? []));
  }
  return new Set([...seen].map((key) => manifest[key]!.file));
}

/** The JavaScript a login loads before it shows: the page's closure and its language's login texts (src/lib/i18n.ts), gzip level 9. */
export function loginWeights(root = webRoot): LoginWeight[] {
  const rows: LoginWeight[] = [];
  for (const [page, html] of Object.entries(loginPages) as [keyof typeof loginPages, string][])
    for (const language of loginLanguages) {
      const files = [...chunkClosure([html, `locales/${language}/common.json?login`], root)];
      const bytes = files.reduce((sum, file) => sum + gzipSync(readFileSync(join(root, file)), { level: 9 }).length, 0);
      rows.push({ page, language, jsKiB: bytes / 1024, files });
    }
  return rows;
}
