import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { webRoot } from '../../server/web-build';

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

/**
 * The JavaScript a login loads before it shows, from the build's manifest: the page's entry and
 * the chunks it imports, and its language's login texts (src/lib/i18n.ts), gzip level 9.
 */
export function loginWeights(root = webRoot): LoginWeight[] {
  const manifest = JSON.parse(readFileSync(join(root, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const rows: LoginWeight[] = [];
  for (const [page, html] of Object.entries(loginPages) as [keyof typeof loginPages, string][])
    for (const language of loginLanguages) {
      const seen = new Set<string>();
      const pending = [html, `locales/${language}/common.json?login`];
      while (pending.length) {
        const key = pending.pop()!;
        if (seen.has(key)) continue;
        if (!manifest[key]) throw new Error(`${key} is not in the build's manifest`);
        seen.add(key);
        pending.push(...(manifest[key].imports ?? []));
      }
      const files = [...seen].map((key) => manifest[key]!.file);
      const bytes = files.reduce((sum, file) => sum + gzipSync(readFileSync(join(root, file)), { level: 9 }).length, 0);
      rows.push({ page, language, jsKiB: bytes / 1024, files });
    }
  return rows;
}
