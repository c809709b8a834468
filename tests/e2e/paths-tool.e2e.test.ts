import { describe, expect, it } from 'vitest';
import { useAppInChromium } from '../support/app-in-chromium';
import { runPaths } from '../paths/paths.runner';
import { accountStatusPaths } from '../paths/account-status.paths';
import { monitorCountdownPaths } from '../paths/monitor-countdown.paths';
import { pathsFor, type MachinePaths, type ToolPath } from '../paths/path-model';
import { noticeLifecyclePaths } from '../paths/notice-lifecycle.paths';
import { productOf } from '../paths/product';
import { scoreTransferPaths } from '../paths/score-transfer.paths';
import { sessionPaths } from '../paths/session.paths';

const e2e = useAppInChromium();

/** The path whose events read `events` (space-separated, from "start"). */
const pathOf = (paths: ToolPath[], events: string) =>
  paths.find((candidate) => candidate.steps.map((step) => step.event).join(' ') === events)!;

/** `npm run paths -- run <machine> --browser --path N` on this file's gateway and Chromium: it must pass; its lines. */
async function runInChromium(machine: MachinePaths, path: ToolPath): Promise<string[]> {
  const lines: string[] = [];
  const result = await runPaths(machine, productOf(e2e.gw, e2e.browser), {
    target: 'browser',
    paths: [path.number],
    log: (line) => lines.push(line),
  });
  expect(result.failure, lines.join('\n')).toBeUndefined();
  expect(result.passed).toEqual([path.number]);
  return lines;
}
const passedSteps = (lines: string[]) => lines.filter((line) => line.includes('✓'));

/** One path of each machine with a browser runner, through the tool in Chromium. */
describe.runIf(e2e.run)('the paths tool in Chromium', () => {
  it('replays a session path the gateway cannot take, step by step', { timeout: 60_000 }, async () => {
    // The page's own steps: a logout asked, then cancelled.
    const path = sessionPaths.paths().find((candidate) => candidate.steps.some((step) => step.event === 'LOGOUT.CANCEL'))!;
    expect(passedSteps(await runInChromium(sessionPaths, path))).toHaveLength(path.steps.length);
  });

  it(
    'replays a score-transfer path on the set-score screen: a refusal read off the screen, its retry refused again',
    { timeout: 60_000 },
    async () => {
      // The shortest path to a retry refused while the target is still disabled (20003 shown, no points moved).
      const path = scoreTransferPaths
        .paths()
        .find((candidate) => candidate.steps.at(-1)!.event === 'RETRY' && candidate.steps.at(-1)!.state === 'failed')!;
      const lines = await runInChromium(scoreTransferPaths, path);
      expect(passedSteps(lines).filter((line) => line.includes('error 20003'))).toHaveLength(2);
    },
  );

  it(
    'replays a notice path on the notice screen: published, then revoked, from the row with its confirmations',
    { timeout: 60_000 },
    async () => {
      // No waiting on the window: a publish and a revoke before it starts.
      const path = pathOf(noticeLifecyclePaths.paths(), 'start PUBLISH REVOKE');
      expect(passedSteps(await runInChromium(noticeLifecyclePaths, path))).toHaveLength(3);
    },
  );

  it(
    "replays an account-status path on the account list: the agent's line frozen and unfrozen from its row",
    { timeout: 60_000 },
    async () => {
      // The agent's line frozen (asked first) and unfrozen from its row.
      const path = pathOf(pathsFor(accountStatusPaths, 'browser'), 'start LINE_FREEZE LINE_UNFREEZE');
      expect(passedSteps(await runInChromium(accountStatusPaths, path))).toHaveLength(path.steps.length);
    },
  );

  it(
    "replays a countdown path on the monitoring screen, on the page's clock: a whole cycle counted down, then the next call",
    { timeout: 60_000 },
    async () => {
      // The model's two ticks are the app's 12 seconds: 11, then the last one, which fetches again.
      const path = pathOf(pathsFor(monitorCountdownPaths, 'browser'), 'start ✓fetchCounts ⏱tick ⏱tick');
      expect(path.steps.at(-1)!.shows).toBe('fetching(0); counts shown; error none');
      expect(passedSteps(await runInChromium(monitorCountdownPaths, path))).toHaveLength(path.steps.length);
    },
  );
});
