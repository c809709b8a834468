import type { ResultOf } from '../contract/methods.contract';
import { can } from './can';
import { withCurrency, type Command, type CommandContext } from './command';
import { recallPreviewLines, runPreviewed } from './money-preview';

export type TransferRow = ResultOf<'gw.credit.transfer.query'>['list'][number];

/**
 * Settles a pending transfer from the game platform's record, after asking: what the platform
 * says decides (done, reversed, credited or failed), so the answer is shown as it comes.
 */
export async function repairTransfer(context: CommandContext, transfer: Pick<TransferRow, 'transferId' | 'type' | 'loginId' | 'amount'>) {
  if (transfer.transferId === null) return;
  const values = {
    id: transfer.transferId,
    loginId: transfer.loginId,
    amount: transfer.amount,
    type: context.t(`log.type.${transfer.type}`),
  };
  const ok = await context.confirm({
    title: context.t('transfers.confirmRepair', values),
    description: context.t('transfers.confirmRepairMessage'),
    action: context.t('transfers.repair'),
  });
  if (!ok) return;
  try {
    const repaired = await context.call('gw.credit.transfer.repair', { transferId: transfer.transferId });
    context.report({ ok: true, message: context.t(`transfers.repaired.${repaired.state}`, values) });
    context.accountsChanged(['gw.credit.transfer.query', 'gw.credit.score.log.query']);
    context.refreshPoints();
  } catch (error) {
    context.report({ ok: false, error });
  }
}

/**
 * Asks the game platform for all a member holds there (the recall of its game wallet), on the
 * gateway's preview: the confirmation shows its credit and its wallet before and after (Enter
 * confirms), and the recall carries the preview's token, so it applies only what was shown (a
 * stale preview is shown fresh to confirm again). A lost answer of the platform leaves it pending
 * for the repair, and says so.
 */
export async function recallGameWallet(context: CommandContext, member: { userId: string; loginId: string }): Promise<void> {
  let recalled: ResultOf<'gw.credit.transfer.recall'> | undefined;
  const applied = await runPreviewed(context, {
    preview: () => context.call('gw.credit.transfer.recall.preview', { userId: member.userId }),
    title: context.t('transfers.confirmRecall', { loginId: member.loginId }),
    action: context.t('action.recallWallet'),
    staleText: context.t('transfers.recallStale'),
    lines: (preview) => recallPreviewLines(preview, context),
    apply: async (previewToken, requestKey) => {
      recalled = await context.call('gw.credit.transfer.recall', { userId: member.userId, previewToken, requestKey });
    },
  });
  if (!applied || !recalled) return;
  const values = {
    loginId: member.loginId,
    amount: context.formatAmount(recalled.amount),
    balance: context.formatAmount(recalled.balance),
  };
  const message = context.t(recalled.state === 'done' ? 'transfers.recalled.done' : 'transfers.recalled.pending', values);
  context.report({ ok: true, message: withCurrency(message, context.currency) });
  // The member's balance in the account lists, and the transfers and the score log.
  context.accountsChanged();
  context.accountsChanged(['gw.credit.transfer.query', 'gw.credit.score.log.query']);
  context.refreshPoints();
}

/** Pending transfers the last palette page listed, so the run knows the one picked. */
const listed = new Map<string, TransferRow>();

/** "Repair a pending transfer…": pick one of the line's pending transfers. */
const repairTransferCommand: Command = {
  id: 'transfers.repair',
  group: 'accounts',
  titleKey: 'command.repairTransfer',
  keywords: ['transfer', 'repair', 'pending', 'game wallet', '转账', '修复', '补单', '待处理'],
  icon: 'wrench',
  steps: [
    {
      placeholderKey: 'palette.chooseTransfer',
      async choices(context) {
        const { list } = await context.call('gw.credit.transfer.query', { state: 'pending', pageIndex: 1, pageSize: 100 });
        return list
          .filter((row) => row.transferId !== null)
          .map((row) => {
            listed.set(row.transferId!, row);
            return {
              id: row.transferId!,
              title: withCurrency(
                `${row.loginId} · ${context.t(`log.type.${row.type}`)} ${context.formatAmount(row.amount)}`,
                context.currency,
              ),
              detail: row.transferId!,
              keywords: [row.loginId, row.transferId!],
            };
          });
      },
    },
  ],
  when: (rights) => can(rights, 'gw.credit.transfer.repair'),
  run: async (context, [transferId]) => {
    const transfer = transferId ? listed.get(transferId) : undefined;
    if (transfer) await repairTransfer(context, transfer);
  },
};

export const transferCommands: Command[] = [repairTransferCommand];
