import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compiledScript, serverEntries } from '../../server/cli/server-build';
import { projectRoot } from '../../server/cli/web-build';

const packageScripts = (JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;

describe('the server build', () => {
  it('compiles scripts that exist, each to a file of its own', () => {
    expect(serverEntries.filter((entry) => !existsSync(join(projectRoot, entry.in)))).toEqual([]);
    expect(new Set(serverEntries.map((entry) => entry.out)).size).toBe(serverEntries.length);
  });

  it('has every compiled file the npm scripts run, and maps a script to its compiled file', () => {
    const run = Object.values(packageScripts).flatMap((script) =>
      [...script.matchAll(/dist\/server\/([\w-]+)\.js/g)].map((match) => match[1]),
    );
    expect(run).toEqual(expect.arrayContaining(['start', 'platform']));
    expect(run.filter((out) => !serverEntries.some((entry) => entry.out === out))).toEqual([]);
    expect(compiledScript(serverEntries.find((entry) => entry.out === 'start')!.in)).toBe('dist/server/start.js');
    expect(compiledScript('tests/paths/paths.cli.ts')).toBeUndefined();
  });
});
