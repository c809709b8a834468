import type { TFunction } from 'i18next';
import type { StatementDetail } from '@contract/statement.contract';
import type { useFormat } from '@/hooks/use-format';
import { statementLines } from './statement-columns';

type Format = ReturnType<typeof useFormat>;

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * A statement as one self-contained HTML page to print or save as PDF from the browser: every line
 * in a plain table (no virtualized rows), in the reader's language, with the browser's own fonts
 * (so Chinese and Thai print as the screen shows them).
 */
export function printableStatement(t: TFunction, format: Format, detail: StatementDetail, language: string): string {
  const content = detail.content;
  const title = t('statement.title', { id: detail.statementId, account: content.agent.loginId });
  const rows = statementLines(t, detail)
    .map(
      (line) =>
        `<tr><td>${escape(line.section)}</td><td>${escape(line.item)}</td>` +
        `<td class="n">${line.amount === null ? '' : escape(format.amount(line.amount))}</td>` +
        `<td class="n">${line.count === null ? '' : escape(format.number(line.count))}</td></tr>`,
    )
    .join('');
  const facts = [
    `${t('statement.column.days')}: ${content.firstDay}${content.lastDay && content.lastDay !== content.firstDay ? ` – ${content.lastDay}` : ''}`,
    `${t('statement.column.frozenAt')}: ${format.dateTime(content.frozenAt)}`,
    `${t('statement.ledgerSerial')}: ${content.ledgerSerial}`,
  ];
  const head = ['section', 'item', 'amount', 'count'].map((key) => `<th>${escape(t(`statement.column.${key}`))}</th>`).join('');
  return `<!doctype html><html lang="${escape(language)}"><head><meta charset="utf-8"><title>${escape(title)}</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem;color:#111}table{border-collapse:collapse;width:100%;font-size:12px}
th,td{border:1px solid #ccc;padding:4px 6px;text-align:left}td.n{text-align:right;font-variant-numeric:tabular-nums}
.hash{font-family:monospace;word-break:break-all;font-size:11px}</style></head>
<body data-testid="statement-printable"><h1>${escape(title)}</h1><p>${facts.map(escape).join('<br>')}</p>
<p class="hash">sha256 ${escape(detail.contentHash)}</p><table><thead><tr>${head}</tr></thead><tbody>${rows}</tbody></table></body></html>`;
}

/** Opens the printable page in a new tab (its print dialog is the browser's). */
export function openPrintable(html: string): void {
  const url = URL.createObjectURL(new Blob([html], { type: 'text/html' }));
  window.open(url, '_blank', 'noopener');
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
