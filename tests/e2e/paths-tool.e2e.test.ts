import { describe, expect, it } from 'vitest';
import { useAppInChromium } from '../support/app-in-chromium';
import { runPaths } from '../paths/paths.runner';
import { productOf } from '../paths/product';
import { sessionPaths } from '../paths/session.paths';

const e2e = useAppInChromium();

/** `npm run paths -- run session --browser` on one path: the page's own steps (a logout asked, then cancelled). */
describe.runIf(e2e.run)('the paths tool in Chromium', () => {
  it('replays a session path the gateway cannot take, step by step', { timeout: 60_000 }, async () => {
    const path = sessionPaths.paths().find((candidate) => candidate.steps.some((step) => step.event === 'LOGOUT.CANCEL'))!;
    const lines: string[] = [];
    const result = await runPaths(sessionPaths, productOf(e2e.gw, e2e.browser), {
      target: 'browser',
      paths: [path.number],
      log: (line) => lines.push(line),
    });
    expect(result.failure, lines.join('\n')).toBeUndefined();
    expect(result.passed).toEqual([path.number]);
    expect(lines.filter((line) => line.includes('✓'))).toHaveLength(path.steps.length);
  });
});
