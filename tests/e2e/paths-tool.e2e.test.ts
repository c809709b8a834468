import { describe, expect, it } from 'vitest';
import { useAppInChromium } from '../support/app-in-chromium';
import { runPaths } from '../paths/paths.runner';
import { accountStatusPaths } from '../paths/account-status.paths';
import { monitorCountdownPaths } from '../paths/monitor-countdown.paths';
import { pathsFor } from '../paths/path-model';
import { noticeLifecyclePaths } from '../paths/notice-lifecycle.paths';
import { productOf } from '../paths/product';
import { scoreTransferPaths } from '../paths/score-transfer.paths';
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

  it(
    'replays a score-transfer path on the set-score screen: a refusal read off the screen, its retry refused again',
    { timeout: 60_000 },
    async () => {
      // The shortest path to a retry refused while the target is still disabled (20003 shown, no points moved).
      const path = scoreTransferPaths
        .paths()
        .find((candidate) => candidate.steps.at(-1)!.event === 'RETRY' && candidate.steps.at(-1)!.state === 'failed')!;
      const lines: string[] = [];
      const result = await runPaths(scoreTransferPaths, productOf(e2e.gw, e2e.browser), {
        target: 'browser',
        paths: [path.number],
        log: (line) => lines.push(line),
      });
      expect(result.failure, lines.join('\n')).toBeUndefined();
      expect(result.passed).toEqual([path.number]);
      expect(lines.filter((line) => line.includes('✓') && line.includes('error 20003'))).toHaveLength(2);
    },
  );

  it(
    'replays a notice path on the notice screen: published, then revoked, from the row with its confirmations',
    { timeout: 60_000 },
    async () => {
      // No waiting on the window: a publish and a revoke before it starts.
      const path = noticeLifecyclePaths
        .paths()
        .find((candidate) => candidate.steps.map((step) => step.event).join(' ') === 'start PUBLISH REVOKE')!;
      const lines: string[] = [];
      const result = await runPaths(noticeLifecyclePaths, productOf(e2e.gw, e2e.browser), {
        target: 'browser',
        paths: [path.number],
        log: (line) => lines.push(line),
      });
      expect(result.failure, lines.join('\n')).toBeUndefined();
      expect(result.passed).toEqual([path.number]);
      expect(lines.filter((line) => line.includes('✓'))).toHaveLength(3);
    },
  );

  it(
    "replays an account-status path on the account list: the agent's line frozen and unfrozen from its row",
    { timeout: 60_000 },
    async () => {
      // The agent's line frozen (asked first) and unfrozen from its row.
      const path = pathsFor(accountStatusPaths, 'browser').find(
        (candidate) => candidate.steps.map((step) => step.event).join(' ') === 'start LINE_FREEZE LINE_UNFREEZE',
      )!;
      const lines: string[] = [];
      const result = await runPaths(accountStatusPaths, productOf(e2e.gw, e2e.browser), {
        target: 'browser',
        paths: [path.number],
        log: (line) => lines.push(line),
      });
      expect(result.failure, lines.join('\n')).toBeUndefined();
      expect(result.passed).toEqual([path.number]);
      expect(lines.filter((line) => line.includes('✓'))).toHaveLength(path.steps.length);
    },
  );

  it(
    "replays a countdown path on the monitoring screen, on the page's clock: a whole cycle counted down, then the next call",
    { timeout: 60_000 },
    async () => {
      // The model's two ticks are the app's 12 seconds: 11, then the last one, which fetches again.
      const path = pathsFor(monitorCountdownPaths, 'browser').find(
        (candidate) => candidate.steps.map((step) => step.event).join(' ') === 'start ✓fetchCounts ⏱tick ⏱tick',
      )!;
      const lines: string[] = [];
      const result = await runPaths(monitorCountdownPaths, productOf(e2e.gw, e2e.browser), {
        target: 'browser',
        paths: [path.number],
        log: (line) => lines.push(line),
      });
      expect(result.failure, lines.join('\n')).toBeUndefined();
      expect(result.passed).toEqual([path.number]);
      expect(lines.filter((line) => line.includes('✓'))).toHaveLength(path.steps.length);
      expect(path.steps.at(-1)!.shows).toBe('fetching(0); counts shown; error none');
    },
  );
});
