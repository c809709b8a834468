import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import type { StatementBets, StatementDetail, StatementMovements } from '@contract/statement.contract';
import { formatAmount, formatDateTime, formatNumber, formatPercent } from '@/lib/format';
import { statementLineColumns, statementLines } from './statement-columns';
import { printableStatement } from './statement-print';

const t = ((key: string, values?: Record<string, string>) => (values ? `${key} ${JSON.stringify(values)}` : key)) as unknown as TFunction;
const format = {
  amount: (value: string) => formatAmount(value, 'en'),
  number: (value: number | bigint) => formatNumber(value, 'en'),
  percent: (value: number) => formatPercent(value, 'en'),
  dateTime: (instant: string | number | Date) => formatDateTime(instant, 'en'),
} as Parameters<typeof statementLineColumns>[1];

const none = { amount: '0.00', count: 0 };
const movements = (changes: Partial<StatementMovements> = {}): StatementMovements => ({
  upFromParent: none,
  downToParent: none,
  upInLine: none,
  downInLine: none,
  transferIn: none,
  transferOut: none,
  ...changes,
});
const bets = (changes: Partial<StatementBets> = {}): StatementBets => ({
  bets: 0,
  betAmount: '0.00',
  validAmount: '0.00',
  valueWonLose: '0.00',
  betRebate: '0.00',
  lineKeeps: '0.00',
  agentToCompany: '0.00',
  ...changes,
});

const detail: StatementDetail = {
  statementId: '12',
  contentHash: 'a'.repeat(64),
  hashOk: true,
  content: {
    format: 1,
    siteId: 'demo',
    agent: { userId: '7', loginId: 'ag<01>', level: 4 },
    settlementId: '3',
    previousStatementId: '11',
    periodStart: '2026-11-30T16:00:00.000Z',
    periodEnd: '2026-12-01T16:00:00.000Z',
    firstDay: '2026-12-01',
    lastDay: '2026-12-01',
    ledgerSerial: '420',
    frozenAt: '2026-12-02T01:00:00.000Z',
    openingBalance: '100.00',
    closingBalance: '150.00',
    movements: movements({ upFromParent: { amount: '50.00', count: 1 } }),
    bets: bets({ bets: 2, validAmount: '200.00', valueWonLose: '-20.00', agentToCompany: '20.00' }),
    corrections: [
      {
        corrects: '11',
        correctsPeriodEnd: '2026-11-30T16:00:00.000Z',
        movements: movements({ upFromParent: { amount: '7.00', count: 1 } }),
        balance: '7.00',
        bets: bets({ valueWonLose: '5.00', agentToCompany: '-5.00' }),
      },
    ],
    betsWithCorrections: bets({ bets: 2, validAmount: '200.00', valueWonLose: '-15.00', agentToCompany: '15.00' }),
  },
};

describe('a statement as lines', () => {
  it('lists every figure of the period, only what a correction changed (naming the statement it corrects), and its version', () => {
    const lines = statementLines(t, detail);
    const ids = lines.map((line) => line.id);
    expect(ids.slice(0, 2)).toEqual(['opening', 'closing']);
    expect(ids.filter((id) => id.startsWith('movements.'))).toHaveLength(6);
    expect(lines.filter((line) => line.id.startsWith('correction0.')).map((line) => [line.id, line.amount])).toEqual([
      ['correction0.balance', '7.00'],
      ['correction0.upFromParent', '7.00'],
      ['correction0.valueWonLose', '5.00'],
      ['correction0.agentToCompany', '-5.00'],
    ]);
    expect(lines.find((line) => line.id === 'correction0.balance')!.section).toBe('statement.section.correctionOf {"id":"11"}');
    expect(lines.find((line) => line.id === 'total.agentToCompany')!.amount).toBe('15.00');
    expect(lines.find((line) => line.id === 'hash')!.item).toBe(`statement.contentHash: ${'a'.repeat(64)}`);
  });

  it('exports an empty cell where a line has no amount or count, a number where it has', () => {
    const columns = statementLineColumns(t, format);
    const amount = columns.find((column) => column.id === 'amount')!.meta!.export as { cell(line: unknown): unknown };
    const [opening] = statementLines(t, detail);
    const serial = statementLines(t, detail).find((line) => line.id === 'serial')!;
    expect(amount.cell(opening)).toEqual({ number: '100.00' });
    expect(amount.cell(serial)).toBe('');
  });

  it('prints as one page with every line, its text escaped', () => {
    const html = printableStatement(t, format, detail, 'en');
    expect(html).toContain('ag&lt;01&gt;');
    expect(html).not.toContain('ag<01>');
    expect(html).toContain(`sha256 ${'a'.repeat(64)}`);
    expect(html.match(/<tr>/g)).toHaveLength(statementLines(t, detail).length + 1);
  });
});
