import { beijingWallTime } from '../contract/beijing-time.contract';
import { ErrorCode } from '../contract/errors.contract';
import type { ClosePreview } from '../contract/points.contract';
import type { RecallPreview } from '../contract/transfer.contract';
import { newRequestKey } from '../machines/request-key';
import { withCurrency, type CommandContext } from './command';

interface PreviewWords {
  t(key: string, values?: Record<string, unknown>): string;
  formatAmount(value: string): string;
}

/** The gateway's fresh preview in a stale refusal (20060), or null for any other failure. */
export function stalePreviewOf<P>(error: unknown): P | null {
  if (typeof error !== 'object' || error === null || (error as { code?: unknown }).code !== ErrorCode.previewStale) return null;
  return (error as { data?: { preview?: P } }).data?.preview ?? null;
}

/** The rules a preview says would refuse its action, as one line (none when it would apply). */
const refusedLine = (refusals: readonly { message: string }[], words: PreviewWords) =>
  refusals.length > 0 ? [words.t('score.previewRefused', { reasons: refusals.map((refusal) => refusal.message).join('; ') })] : [];

/**
 * What the bill close's confirmation shows of the gateway's preview (docs/product.md#previews),
 * one line each: the period, the numbers it freezes, the balance it keeps, each agent-to-company
 * limit and what the period used of it, then the rules that would refuse it.
 */
export function closePreviewLines(preview: ClosePreview, words: PreviewWords): string[] {
  const { t, formatAmount } = words;
  const lines = [
    t('bill.previewPeriod', { from: beijingWallTime(Date.parse(preview.periodStart)), to: beijingWallTime(Date.parse(preview.periodEnd)) }),
    t('bill.previewNumbers', {
      bets: preview.bets,
      validAmount: formatAmount(preview.validAmount),
      valueWonLose: formatAmount(preview.valueWonLose),
      agentToCompany: formatAmount(preview.agentToCompany),
    }),
    t('bill.previewBalance', { balance: formatAmount(preview.balance) }),
  ];
  for (const limit of preview.companyLimits) {
    if (limit.left === null) continue;
    lines.push(
      t('bill.previewLimit', {
        gameType: t(`game.${limit.gameType}`),
        limit: formatAmount(limit.limit),
        used: formatAmount(limit.used),
        left: formatAmount(limit.left),
      }),
    );
  }
  return [...lines, ...refusedLine(preview.refusals, words)];
}

/**
 * What the recall's confirmation shows of the gateway's preview: the member's credit before and
 * after, its balance at the game platform before and after, then the rules that would refuse it.
 */
export function recallPreviewLines(preview: RecallPreview, words: PreviewWords): string[] {
  const { t, formatAmount } = words;
  const lines = [
    t('transfers.recallCredit', {
      loginId: preview.loginId,
      before: formatAmount(preview.balanceBefore),
      after: formatAmount(preview.balanceAfter),
    }),
  ];
  if (preview.walletBefore !== null && preview.walletAfter !== null) {
    lines.push(t('transfers.recallWallet', { before: formatAmount(preview.walletBefore), after: formatAmount(preview.walletAfter) }));
  }
  return [...lines, ...refusedLine(preview.refusals, words)];
}

export interface PreviewedAction<P extends { token: string }> {
  /** Asks the gateway for the preview (it writes nothing). */
  preview(): Promise<P>;
  title: string;
  action: string;
  /** What the confirmation says first when the action found its preview stale and shows the fresh one. */
  staleText: string;
  lines(preview: P): string[];
  /** The action with the confirmed preview's token and one request key for all its tries. */
  apply(token: string, requestKey: string): Promise<void>;
}

/**
 * A money action confirmed on its preview: the gateway's preview shown in the confirmation (Enter
 * confirms), then the action with its token; when what the preview showed changed (20060), the
 * fresh preview is confirmed again the same way, with the same request key. Resolves whether it
 * applied; a refusal is reported.
 */
export async function runPreviewed<P extends { token: string }>(context: CommandContext, run: PreviewedAction<P>): Promise<boolean> {
  const requestKey = newRequestKey();
  try {
    let preview: P | null = await run.preview();
    let stale = false;
    while (preview) {
      const description = [...(stale ? [run.staleText] : []), ...run.lines(preview)].join('\n');
      const ok = await context.confirm({ title: run.title, description: withCurrency(description, context.currency), action: run.action });
      if (!ok) return false;
      try {
        await run.apply(preview.token, requestKey);
        return true;
      } catch (error) {
        preview = stalePreviewOf<P>(error);
        stale = true;
        if (!preview) throw error;
      }
    }
  } catch (error) {
    context.report({ ok: false, error });
  }
  return false;
}
