import type { Command } from './command';

const formats = [
  { id: 'csv', title: 'CSV', keywords: ['csv', 'text'] },
  { id: 'xlsx', title: 'Excel', keywords: ['excel', 'xlsx', 'spreadsheet'] },
] as const;

/**
 * "Export this list…" on every screen that exports: the same export as the screen's CSV and Excel
 * buttons, the format chosen on the next page. Offered only while the screen has a list ready.
 */
export const listExportCommands: Command[] = [
  {
    id: 'screen.exportList',
    group: 'screen',
    titleKey: 'palette.exportList',
    keywords: ['export', 'download', 'csv', 'excel', 'xlsx', '导出', '下载', 'ส่งออก', 'xuất', 'ekspor', 'unduh'],
    icon: 'download',
    steps: [
      { placeholderKey: 'palette.chooseFormat', choices: () => formats.map((format) => ({ ...format, keywords: [...format.keywords] })) },
    ],
    when: (rights) => !rights.mustChangePassword,
    available: (context) => Boolean(context.listExport?.()),
    run: async (context, [format]) => {
      await context.listExport?.()?.run(format === 'xlsx' ? 'xlsx' : 'csv');
    },
  },
];
