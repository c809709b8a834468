import { can } from './can';
import type { Command, CommandContext } from './command';

/** "Open a statement…": the latest statements the caller may read (its own and its children's), then the one picked opens. */
const openStatement: Command = {
  id: 'statements.open',
  group: 'accounts',
  titleKey: 'command.openStatement',
  keywords: ['statement', 'bill', 'period', 'pdf', 'print', '对账单', '账单', 'duizhangdan'],
  icon: 'scroll-text',
  steps: [
    {
      placeholderKey: 'palette.chooseStatement',
      async choices(context) {
        const { list } = await context.call('gw.credit.statement.query', { pageSize: 50 });
        return list.map((row) => ({
          id: row.statementId,
          title: `#${row.statementId} ${row.loginId}`,
          detail: row.lastDay && row.lastDay !== row.firstDay ? `${row.firstDay} – ${row.lastDay}` : row.firstDay,
          keywords: [row.loginId],
        }));
      },
    },
  ],
  when: (rights) => can(rights, 'gw.credit.statement.get') && can(rights, 'gw.credit.statement.query'),
  run: (context, [statementId]) => {
    if (statementId) context.navigate(`/statement/index?statementId=${encodeURIComponent(statementId)}`);
  },
};

export const statementCommands: Command[] = [openStatement];

/** Saves a statement as the PDF the gateway writes in the reader's language (`save` writes the file). */
export async function exportStatementPdf(
  context: CommandContext,
  statementId: string,
  save: (name: string, bytes: Uint8Array) => void,
): Promise<void> {
  try {
    const pdf = await context.call('gw.credit.statement.export', { statementId, format: 'pdf' });
    save(
      pdf.name,
      Uint8Array.from(atob(pdf.base64), (c) => c.charCodeAt(0)),
    );
    context.report({ ok: true, message: context.t('statement.pdfSaved', { name: pdf.name }) });
  } catch (error) {
    context.report({ ok: false, error });
  }
}
