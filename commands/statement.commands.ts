import { can } from './can';
import type { Command } from './command';

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
