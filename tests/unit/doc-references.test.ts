import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * The repository explains itself: its rules live in docs/, so no file points at a document
 * outside it (the design notes it came from, a spec's numbered sections) or at an issue number,
 * and every `docs/<page>.md#<section>` it names, and every link between its markdown pages, lands
 * on a heading that exists.
 */

const root = normalize(join(dirname(fileURLToPath(import.meta.url)), '../..'));

/** Names of documents outside the repository, a numbered section, an issue number. */
const outsideReferences = [
  /\u00a7/,
  /\b(?:GATEWAY|PRODUCT|ARCHITECTURE|DEVELOPERS)(?:\.md)?\b/,
  /\bseed-spe[c]\b/i,
  /\/work\/share[d]\b|\.\.\/shared\/(?:desig[n]|spe[c])\b/,
  /\bspec (?:section|sect\.) ?[0-9]/i,
  /\bissues? #?[0-9]+/i,
  /(?:^|[\s(])#[0-9]{1,5}\b(?![0-9a-f])/,
];

/** Files that are not ours to word (generated) or not text. */
const skipped = (file: string) =>
  file === 'package-lock.json' || /\.(?:png|jpe?g|ico|webp|woff2?|gz|zip)$/i.test(file) || file.endsWith('grafana-dashboard.json');

function repositoryFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], { cwd: root, encoding: 'utf8' });
  return listed
    .split('\0')
    .filter((file) => file !== '' && !skipped(file) && existsSync(join(root, file)))
    .sort();
}

/** The anchor GitHub gives a heading: lower case, punctuation dropped, spaces as hyphens. */
export function headingAnchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors of a markdown page's headings, outside code blocks, with GitHub's -1, -2 for repeats. */
export function pageAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(?:```|~~~)/.test(line)) fenced = !fenced;
    const heading = !fenced && /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const anchor = headingAnchor(heading[1] ?? '');
    const times = seen.get(anchor) ?? 0;
    seen.set(anchor, times + 1);
    anchors.add(times === 0 ? anchor : `${anchor}-${times}`);
  }
  return anchors;
}

export interface SectionReference {
  /** The page, from the repository's root (`docs/product.md`). */
  page: string;
  anchor: string;
  line: number;
}

/**
 * The sections a file names: `docs/<page>.md#<anchor>` anywhere, and in a markdown file its links
 * `](<page>.md#<anchor>)` and `](#<anchor>)`, resolved from the file's own folder.
 */
export function sectionReferences(file: string, text: string): SectionReference[] {
  const found: SectionReference[] = [];
  text.split('\n').forEach((content, index) => {
    for (const match of content.matchAll(/(?<![\w./-])docs\/([\w-]+\.md)#([\w-]+)/g))
      found.push({ page: `docs/${match[1]}`, anchor: match[2] ?? '', line: index + 1 });
    if (!file.endsWith('.md')) return;
    for (const match of content.matchAll(/\]\(([\w./-]*\.md)?#([\w-]+)\)/g)) {
      const page = match[1] ? normalize(join(dirname(file), match[1])) : file;
      found.push({ page, anchor: match[2] ?? '', line: index + 1 });
    }
  });
  return found;
}

/** Where a file names an outside document or an issue: `file:line: text`. */
export function outsideReferencesIn(file: string, text: string): string[] {
  return text
    .split('\n')
    .flatMap((content, index) =>
      outsideReferences.some((pattern) => pattern.test(content)) ? [`${file}:${index + 1}: ${content.trim()}`] : [],
    );
}

/** References whose page or heading does not exist: `file:line: page#anchor`. */
export function brokenReferences(files: ReadonlyMap<string, string>): string[] {
  const anchorsOf = new Map<string, Set<string> | null>();
  const anchors = (page: string) => {
    if (!anchorsOf.has(page)) anchorsOf.set(page, files.has(page) ? pageAnchors(files.get(page) ?? '') : null);
    return anchorsOf.get(page) ?? null;
  };
  return [...files].flatMap(([file, text]) =>
    sectionReferences(file, text)
      .filter((reference) => !anchors(reference.page)?.has(reference.anchor))
      .map((reference) => `${file}:${reference.line}: ${reference.page}#${reference.anchor}`),
  );
}

const readAll = () => {
  const files = new Map<string, string>();
  for (const file of repositoryFiles()) {
    const text = readFileSync(join(root, file), 'utf8');
    if (!text.includes('\0')) files.set(relative(root, join(root, file)), text);
  }
  return files;
};

describe('the repository explains itself', () => {
  const files = readAll();
  const self = relative(root, fileURLToPath(import.meta.url));

  it('names no document outside it and no issue number', () => {
    const found = [...files].filter(([file]) => file !== self).flatMap(([file, text]) => outsideReferencesIn(file, text));
    expect(found).toEqual([]);
  });

  it('lands every docs/<page>.md#<section> and every link between pages on a heading of that page', () => {
    expect(files.has('docs/product.md')).toBe(true);
    expect(brokenReferences(new Map([...files].filter(([file]) => file !== self)))).toEqual([]);
  });
});

describe('the checks themselves', () => {
  it('find a section that is not there, a page that is not there, and a link inside one page', () => {
    const files = new Map([
      ['docs/a.md', '# A\n\n## Score up and down\n\n```sh\n# not a heading\n```\n\n## Score up and down\n\nSee [b](#missing).'],
      ['src/x.ts', '// docs/a.md#score-up-and-down and docs/a.md#score-up-and-down-1\n// docs/a.md#not-a-heading docs/gone.md#a'],
    ]);
    expect(brokenReferences(files)).toEqual([
      'docs/a.md:11: docs/a.md#missing',
      'src/x.ts:2: docs/a.md#not-a-heading',
      'src/x.ts:2: docs/gone.md#a',
    ]);
  });

  it("write a heading's anchor as GitHub does", () => {
    expect(headingAnchor("The web app's `shell`, and more")).toBe('the-web-apps-shell-and-more');
    expect(headingAnchor('The ledger check, seeding and repairs')).toBe('the-ledger-check-seeding-and-repairs');
    expect(headingAnchor('Platform -> back office')).toBe('platform---back-office');
  });

  it('find every kind of outside reference, and leave ordinary text alone', () => {
    const refused = [
      `as the spec ${'\u00a7'}5 says`,
      `see ${'GATEWAY'}.md`,
      `${'PRODUCT'}.md "Points"`,
      `${'ARCHITECTURE'}.md's flags`,
      `(${'PRODUCT'}: in place of the app)`,
      `/work/shared/spec/${'seed'}-spec.md`,
      `see ../${'shared'}/design/notes`,
      `(${'issue'} 15, point 1)`,
      `${'Issue'} 40: the job's request`,
      `fixed in #${'42'}`,
    ];
    for (const line of refused) expect(outsideReferencesIn('x.ts', line), line).toHaveLength(1);
    const allowed = [
      "import { toCsv } from '../../shared/table-cells'",
      'tissue 5 of the issues',
      'color: #fff',
      'a #1f2937 border',
      'docs/product.md#points-and-the-ledger',
      'step #a',
    ];
    for (const line of allowed) expect(outsideReferencesIn('x.ts', line), line).toEqual([]);
  });
});
