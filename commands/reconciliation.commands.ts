import { RESOLUTION_NOTE_MAX, type ReconciliationDifference } from '../contract/reconciliation.contract';
import { can } from './can';
import type { Command, CommandContext } from './command';

export const RECONCILIATION_SCREEN = '/reconciliation/index';
export const reconciliationReads = [
  'gw.credit.reconciliation.run.query',
  'gw.credit.reconciliation.difference.query',
  'gw.credit.reconciliation.inflight.query',
] as const;
/** The reconciliation screen's tabs: the job's runs, and the transfers with the platform still in flight. */
export const reconciliationTabs = ['runs', 'inflight'] as const;

/** Reconciles today with the platform now (the job's run, asked for at once); says what it found. */
export async function runReconciliation(context: CommandContext): Promise<boolean> {
  try {
    const run = await context.call('gw.credit.reconciliation.run.start', {});
    const message =
      run.state === 'clean'
        ? context.t('reconciliation.runClean')
        : run.state === 'failed'
          ? context.t('reconciliation.runFailed', { error: run.error ?? '' })
          : context.t('reconciliation.runFound', { count: run.differences });
    context.report({ ok: true, message });
    context.accountsChanged(reconciliationReads);
    return true;
  } catch (error) {
    context.report({ ok: false, error });
    return false;
  }
}

/** Marks a difference resolved with a note saying what was done (kept with it and in the operation record). */
export async function resolveDifference(
  context: CommandContext,
  difference: Pick<ReconciliationDifference, 'differenceId' | 'ref'>,
  note: string,
): Promise<boolean> {
  try {
    await context.call('gw.credit.reconciliation.difference.resolve', { differenceId: difference.differenceId, note });
    context.report({ ok: true, message: context.t('reconciliation.resolved', { ref: difference.ref }) });
    context.accountsChanged(reconciliationReads);
    return true;
  } catch (error) {
    context.report({ ok: false, error });
    return false;
  }
}

const runCommand: Command = {
  id: 'reconciliation.run',
  group: 'accounts',
  titleKey: 'command.reconcileNow',
  keywords: ['reconcile', 'reconciliation', 'statement', 'platform', 'differences', '对账', '核对', 'duizhang'],
  icon: 'list-checks',
  when: (rights) => can(rights, 'gw.credit.reconciliation.run.start'),
  run: async (context) => {
    await runReconciliation(context);
  },
};

const open = new Map<string, ReconciliationDifference>();

/** The open differences of the latest run that found some: what the palette offers to resolve. */
async function openDifferences(context: CommandContext): Promise<ReconciliationDifference[]> {
  const { list } = await context.call('gw.credit.reconciliation.run.query', { state: 'differences', pageIndex: 1, pageSize: 1 });
  const [run] = list;
  if (!run) return [];
  const differences = await context.call('gw.credit.reconciliation.difference.query', {
    runId: run.runId,
    open: true,
    pageIndex: 1,
    pageSize: 100,
  });
  return differences.list;
}

/** "Resolve a reconciliation difference…": an open one of the latest run, then the note typed. */
const resolveCommand: Command = {
  id: 'reconciliation.resolve',
  group: 'accounts',
  titleKey: 'command.resolveDifference',
  keywords: ['reconcile', 'difference', 'resolve', 'statement', '对账', '差异', '处理', 'chayi'],
  icon: 'list-checks',
  steps: [
    {
      placeholderKey: 'palette.chooseDifference',
      async choices(context) {
        open.clear();
        return (await openDifferences(context)).map((difference) => {
          open.set(difference.differenceId, difference);
          return {
            id: difference.differenceId,
            title: `${context.t(`reconciliation.class.${difference.class}`)} · ${difference.ref}`,
            detail: context.t(`reconciliation.subject.${difference.subject}`),
            keywords: [difference.ref, difference.memberLogin ?? '', difference.class],
          };
        });
      },
    },
    {
      placeholderKey: 'palette.typeResolutionNote',
      hint: (context) => context.t('reconciliation.noteHint', { max: RESOLUTION_NOTE_MAX }),
      // The typed note is the only choice, once there is one.
      choices: (context, _picked, query) => {
        const note = query.trim().slice(0, RESOLUTION_NOTE_MAX);
        return note ? [{ id: note, title: context.t('reconciliation.resolveWith', { note }), keywords: [note] }] : [];
      },
    },
  ],
  when: (rights) => can(rights, 'gw.credit.reconciliation.difference.resolve'),
  run: async (context, [differenceId, note]) => {
    const difference = differenceId ? open.get(differenceId) : undefined;
    if (difference && note) await resolveDifference(context, difference, note);
    else context.navigate(RECONCILIATION_SCREEN);
  },
};

/** "Transfers in flight": the reconciliation screen's tab of the transfers with the platform not settled yet. */
const inFlightCommand: Command = {
  id: 'reconciliation.inFlight',
  group: 'accounts',
  titleKey: 'command.openInFlight',
  keywords: ['in flight', 'pending', 'unsettled', 'clearing', 'transfers', 'stuck', '在途', '未结算', '转账', 'zaitu'],
  icon: 'list-checks',
  when: (rights) => can(rights, 'gw.credit.reconciliation.inflight.query'),
  run: (context) => context.navigate(`${RECONCILIATION_SCREEN}?tab=inflight`),
};

export const reconciliationCommands: Command[] = [runCommand, resolveCommand, inFlightCommand];
