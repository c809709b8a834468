import type { ScorePreview } from '../contract/points.contract';

interface PreviewWords {
  t(key: string, values?: Record<string, unknown>): string;
  formatAmount(value: string): string;
}

/**
 * What a confirmation shows of the gateway's preview of a score up or down
 * (docs/product.md#previews), one line each: the account acted on and the caller, each balance
 * before and after; for a score up, the point limit and what it leaves; then the rules that would
 * refuse it, in the caller's language as the gateway answered them.
 */
export function scorePreviewLines(preview: ScorePreview, words: PreviewWords): string[] {
  const { t, formatAmount } = words;
  const operator = preview.postings.find((posting) => posting.role === 'operator');
  const target = preview.postings.find((posting) => posting.role === 'target');
  const lines: string[] = [];
  if (target) {
    lines.push(
      t('score.confirmTarget', { loginId: target.loginId, before: formatAmount(target.before), after: formatAmount(target.after) }),
    );
  }
  if (operator) lines.push(t('score.confirmYou', { before: formatAmount(operator.before), after: formatAmount(operator.after) }));
  if (target && preview.method === 'gw.credit.user.score.up') {
    lines.push(
      t('score.previewLimit', {
        loginId: target.loginId,
        limit: formatAmount(preview.pointLimit),
        before: formatAmount(preview.limitLeftBefore),
        after: formatAmount(preview.limitLeftAfter),
      }),
    );
  }
  if (preview.refusals.length > 0) {
    lines.push(t('score.previewRefused', { reasons: preview.refusals.map((refusal) => refusal.message).join('; ') }));
  }
  return lines;
}
