import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { machinePaths } from '../paths/machines.registry';
import type { MachinePaths, ToolPath } from '../paths/path-model';
import { coverageOf } from '../paths/paths.coverage';
import { runPaths } from '../paths/paths.runner';
import { embeddedProduct, type Product } from '../paths/product';
import { scoreTransferPaths } from '../paths/score-transfer.paths';
import { runServerScript } from '../support/server-script';

let product: Product;
beforeAll(async () => {
  product = await embeddedProduct();
});
afterAll(async () => {
  await product?.close();
});

/** The shortest path of a machine that waits for no clock: what CI replays of each. */
const fastPath = (machine: MachinePaths): ToolPath =>
  machine
    .paths()
    .filter((path) => !path.steps.some((step) => step.event.endsWith('_REACHED')))
    .sort((a, b) => a.steps.length - b.steps.length)[0]!;

describe('the paths tool (npm run paths)', () => {
  it('covers every transition of each model with the paths its gateway runner takes, but those it says why it leaves out', () => {
    for (const machine of machinePaths.filter((candidate) => candidate.runners.gateway)) {
      const gateway = coverageOf(machine).targets.find((target) => target.target === 'gateway')!;
      const leftOut = machine.leavesOut.gateway ?? {};
      expect(
        gateway.notTaken.filter(({ transition }) => !(transition in leftOut)),
        machine.name,
      ).toEqual([]);
      expect(gateway.transitionsTaken, machine.name).toBeGreaterThan(5);
    }
  });

  it('lists the paths and prints the coverage from the command line', { timeout: 20_000 }, async () => {
    const [listed, coverage] = await Promise.all([
      runServerScript('tests/paths/paths.cli.ts', {}, ['list', 'score-transfer']),
      runServerScript('tests/paths/paths.cli.ts', {}, ['coverage', '--json']),
    ]);
    expect(listed.code, listed.output).toBe(0);
    expect(listed.output).toContain('path 1 (shortest');
    expect(listed.output).toContain('CONFIRM → done: done; amount field none; error none; target +10.00');
    expect(coverage.code, coverage.output).toBe(0);
    const report = JSON.parse(coverage.output) as { machine: string }[];
    expect(report.map((machine) => machine.machine)).toEqual(machinePaths.map((machine) => machine.name));
  });

  for (const machine of machinePaths.filter((candidate) => candidate.runners.gateway)) {
    it(`replays one fast path of ${machine.name} through the gateway`, { timeout: 20_000 }, async () => {
      const path = fastPath(machine);
      const lines: string[] = [];
      const result = await runPaths(machine, product, { paths: [path.number], log: (line) => lines.push(line) });
      expect(result.failure, lines.join('\n')).toBeUndefined();
      expect(result.passed).toEqual([path.number]);
      expect(lines.filter((line) => line.includes('✓'))).toHaveLength(path.steps.length);
    });
  }

  it('fails on the path that takes a broken guard, naming the step, the expected and the seen', { timeout: 20_000 }, async () => {
    // The path where the gateway refuses an amount above the target's point limit: the machine's
    // amountRefused guard sends it back to the amount field.
    const path = scoreTransferPaths
      .paths()
      .find((candidate) => candidate.steps.some((step) => step.event === 'CONFIRM' && step.shows.includes('amount field 20030')))!;
    expect(path).toBeDefined();
    const sound = await runPaths(scoreTransferPaths, product, { paths: [path.number] });
    expect(sound.failure).toBeUndefined();

    const broken = await runPaths(scoreTransferPaths, product, {
      paths: [path.number],
      overrides: { guards: { amountRefused: () => false } },
    });
    const step = path.steps.findIndex((candidate) => candidate.shows.includes('amount field 20030'));
    expect(broken.failure).toEqual({
      path: path.number,
      step,
      event: 'CONFIRM',
      state: 'editing',
      expected: path.steps[step]!.shows,
      // The refusal went to a retry that can never succeed, and no points moved for it.
      seen: path.steps[step]!.shows.replace('editing; amount field 20030; error none', 'failed; amount field none; error 20030'),
    });
  });
});
