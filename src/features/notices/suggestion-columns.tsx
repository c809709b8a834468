import type { TFunction } from 'i18next';
import type { CommandContext } from '@commands/command';
import { markSuggestionRead } from '@commands/suggestion.commands';
import type { Suggestion } from '@contract/suggestion.contract';
import { textColumn, timeColumn } from '@/components/data-table/data-table-columns';
import type { DataTableColumn } from '@/components/data-table/data-table-types';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import type { useFormat } from '@/hooks/use-format';

const statusTone: Record<Suggestion['status'], BadgeProps['variant']> = { new: 'destructive', read: 'warning', answered: 'secondary' };

type Format = ReturnType<typeof useFormat>;

/** The suggestions' columns: what members wrote, and the reply when there is one. */
export function suggestionColumns(
  t: TFunction,
  format: Format,
  mayAnswer: boolean,
  commands: CommandContext,
  openReply: (row: Suggestion) => void,
): DataTableColumn<Suggestion>[] {
  const title = (key: string) => t(`suggestions.column.${key}`);
  return [
    timeColumn<Suggestion>('sentAt', title('sentAt'), (row) => row.sentAt, format, { width: '10rem' }),
    textColumn<Suggestion>('loginId', title('loginId'), (row) => row.loginId, { width: '9rem', className: 'font-medium' }),
    textColumn<Suggestion>('kind', title('kind'), (row) => t(`suggestions.kind.${row.kind}`), { width: '6rem' }),
    textColumn<Suggestion>('title', title('title'), (row) => row.title, { width: 'minmax(10rem,1fr)' }),
    textColumn<Suggestion>('content', title('content'), (row) => row.content, {
      width: 'minmax(14rem,2fr)',
      className: 'whitespace-normal text-xs',
    }),
    textColumn<Suggestion>('device', title('device'), (row) => t(`device.${row.device}`), { width: '5rem' }),
    {
      id: 'status',
      header: title('status'),
      cell: ({ row }) => (
        <Badge variant={statusTone[row.original.status]} data-testid="suggestion-status" data-status={row.original.status}>
          {t(`suggestions.status.${row.original.status}`)}
        </Badge>
      ),
      meta: { width: '6rem', export: { header: title('status'), cell: (row) => t(`suggestions.status.${row.status}`) } },
    },
    {
      ...textColumn<Suggestion>('reply', title('reply'), (row) => (row.reply ? `${row.reply} (${row.repliedBy})` : ''), {
        width: 'minmax(10rem,1fr)',
        className: 'whitespace-normal text-xs',
      }),
      cell: ({ row }) =>
        row.original.reply ? (
          <span className="flex flex-col">
            <span>{`${row.original.reply} (${row.original.repliedBy})`}</span>
            <span
              className={row.original.delivered ? 'text-muted-foreground' : 'text-muted-foreground italic'}
              data-testid="suggestion-delivered"
              data-delivered={row.original.delivered}
            >
              {t(row.original.delivered ? 'suggestions.delivered' : 'suggestions.delivering')}
            </span>
          </span>
        ) : null,
    },
    {
      id: 'actions',
      header: title('actions'),
      cell: ({ row }) =>
        mayAnswer ? (
          <div className="flex gap-1">
            {row.original.status === 'new' ? (
              <Button
                type="button"
                size="sm"
                variant="outline"
                onClick={() => void markSuggestionRead(commands, row.original)}
                data-testid="suggestion-read"
              >
                {t('suggestions.markRead')}
              </Button>
            ) : null}
            <Button type="button" size="sm" variant="secondary" onClick={() => openReply(row.original)} data-testid="suggestion-reply">
              {t(row.original.reply ? 'suggestions.editReply' : 'suggestions.reply')}
            </Button>
          </div>
        ) : null,
      meta: { width: '12rem', export: false },
    },
  ];
}
