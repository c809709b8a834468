import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { betCodeName, gameName } from '@commands/game.commands';
import type { BetDetail, BetLineLevel } from '@contract/bet-detail.contract';
import type { Bet } from '@contract/game.contract';
import { useCall } from '@/api/queries';
import { RoundResult } from '@/components/round-result';
import { Badge } from '@/components/ui/badge';
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '@/components/ui/sheet';
import { useFormat } from '@/hooks/use-format';
import { beijingDay } from '@/lib/time';
import { cn } from '@/lib/utils';

/** The bet a sheet shows: bets are unique by order number and bet time. */
export interface BetKey {
  orderId: string;
  betTime: string;
}

const statusVariant = { unsettled: 'outline', settled: 'secondary', cancelled: 'destructive', resettled: 'warning' } as const;
const tone = (amount: string) => (amount.startsWith('-') ? 'text-destructive' : 'text-gain');

/** A bet's settled amount or win/loss: "—" while it is open (it has won and lost nothing yet). */
export function SettledAmount({ bet, value, toned = false }: { bet: Pick<Bet, 'status'>; value: string; toned?: boolean }) {
  const { t } = useTranslation();
  const format = useFormat();
  if (bet.status === 'unsettled') {
    return (
      <span className="text-muted-foreground" title={t('bets.status.unsettled')} data-unsettled="true">
        —
      </span>
    );
  }
  return <span className={cn('font-mono tabular-nums', toned && tone(value))}>{format.amount(value)}</span>;
}

/** The game results screen on the bet's round: its game, table and round, over the Beijing days it ran. */
export function roundPath(bet: Pick<Bet, 'gameCode' | 'gameId' | 'round' | 'betTime' | 'settleTime'>): string {
  const params = new URLSearchParams({
    game: bet.gameCode,
    table: bet.gameId,
    round: bet.round,
    start: beijingDay(bet.betTime),
    end: beijingDay(bet.settleTime ?? bet.betTime),
  });
  return `/gameResult/index?${params}`;
}

/** A round number that opens its round on the game results screen. */
export function RoundLink({ bet, className }: { bet: Parameters<typeof roundPath>[0]; className?: string }) {
  const { t } = useTranslation();
  return (
    <Link
      href={roundPath(bet)}
      className={cn('font-mono text-xs text-primary underline-offset-2 hover:underline', className)}
      aria-label={t('bets.detail.openRound', { round: bet.round })}
      data-testid="bet-round-link"
    >
      {bet.round}
    </Link>
  );
}

function Section({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  return (
    <section className="grid gap-2" data-testid={testId}>
      <h3 className="text-sm font-semibold">{title}</h3>
      {children}
    </section>
  );
}

function BetFields({ bet }: { bet: Bet }) {
  const { t } = useTranslation();
  const format = useFormat();
  const amount = (value: string) => <span className="font-mono tabular-nums">{format.amount(value)}</span>;
  const fields: [string, ReactNode][] = [
    ['orderId', <span className="font-mono">{bet.orderId}</span>],
    ['loginId', bet.loginId],
    ['betTime', format.dateTime(bet.betTime)],
    ['settleTime', bet.settleTime ? format.dateTime(bet.settleTime) : '—'],
    ['game', `${gameName(t, bet)} (${bet.gameCode})`],
    ['gameType', t(`game.${bet.gameType}`)],
    ['gameId', <span className="font-mono">{bet.gameId}</span>],
    ['round', <RoundLink bet={bet} />],
    ['playType', `${betCodeName(t, bet.playType)} (${bet.playType})`],
    ['betCode', <span className="font-mono">{bet.betCode}</span>],
    ['bet', amount(bet.bet)],
    ['validBet', amount(bet.validBet)],
    ['settle', <SettledAmount bet={bet} value={bet.settle} />],
    ['winLoss', <SettledAmount bet={bet} value={bet.winLoss} toned />],
    [
      'status',
      <Badge variant={statusVariant[bet.status]} data-status={bet.status}>
        {t(`bets.status.${bet.status}`)}
      </Badge>,
    ],
    ['jackpot', amount(bet.jackpot)],
    ['jackpotWon', amount(bet.jackpotWon)],
    ['jackpotRake', amount(bet.jackpotRake)],
    ['redPacket', amount(bet.redPacket)],
    ['transactionId', <span className="font-mono text-xs break-all">{bet.transactionId}</span>],
  ];
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr_auto_1fr]">
      {fields.map(([key, value]) => (
        <div key={key} className="contents" data-field={key}>
          <dt className="text-muted-foreground">{key === 'gameType' ? t('game.type') : t(`bets.column.${key}`)}</dt>
          <dd data-testid={`bet-field-${key}`}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function LineTable({ line, status }: { line: BetLineLevel[]; status: Bet['status'] }) {
  const { t } = useTranslation();
  const format = useFormat();
  const percent = (value: number | null) => (value === null ? '—' : `${format.number(value)}%`);
  const note = status === 'unsettled' ? t('bets.detail.lineNotYet') : status === 'cancelled' ? t('bets.detail.lineNotCounted') : null;
  return (
    <>
      {note ? <p className="text-sm text-muted-foreground">{note}</p> : null}
      <div className="overflow-x-auto">
        <table className="w-full text-sm" data-testid="bet-line">
          <thead className="text-left text-xs text-muted-foreground">
            <tr>
              <th className="py-1 pr-2 font-normal">{t('bets.detail.level')}</th>
              <th className="py-1 pr-2 font-normal">{t('bets.detail.account')}</th>
              <th className="py-1 pr-2 text-right font-normal">{t('bets.detail.share')}</th>
              <th className="py-1 pr-2 text-right font-normal">{t('bets.detail.rate')}</th>
              <th className="py-1 text-right font-normal">{t('bets.detail.keeps')}</th>
            </tr>
          </thead>
          <tbody>
            {line.map((row) => (
              <tr
                key={`${row.kind}-${row.level}`}
                className="border-t"
                data-testid="bet-line-level"
                data-kind={row.kind}
                data-level={row.level}
              >
                <td className="py-1 pr-2">{row.kind === 'upline' ? t('bets.detail.upline') : t(`level.${row.level}`)}</td>
                <td className="py-1 pr-2 font-medium">{row.loginId ?? '—'}</td>
                <td className="py-1 pr-2 text-right tabular-nums">{percent(row.share)}</td>
                <td className="py-1 pr-2 text-right tabular-nums">{percent(row.rate)}</td>
                <td
                  className={cn('py-1 text-right font-mono tabular-nums', row.keeps ? tone(row.keeps) : null)}
                  data-testid="bet-line-keeps"
                >
                  {row.keeps === null ? '—' : format.amount(row.keeps)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

function SessionPart({ detail }: { detail: BetDetail }) {
  const { t } = useTranslation();
  const format = useFormat();
  if (detail.sessionHidden) return <p className="text-sm text-muted-foreground">{t('bets.detail.sessionHidden')}</p>;
  if (!detail.session) return <p className="text-sm text-muted-foreground">{t('bets.detail.noSession')}</p>;
  const session = detail.session;
  return (
    <>
      <p className="text-xs text-muted-foreground">
        <span className="font-mono">{session.sessionId}</span> · {format.dateTime(session.startTime)} –{' '}
        {session.endTime ? format.dateTime(session.endTime) : t('gameLog.inGame')}
      </p>
      <ul className="grid gap-1 text-sm" data-testid="bet-session-transfers">
        {session.transfers.map((transfer, index) => (
          <li
            key={transfer.serialNo ?? transfer.transferId ?? index}
            className="flex flex-wrap items-center gap-x-3 border-t py-1"
            data-testid="bet-session-transfer"
            data-type={transfer.type}
          >
            <span className="font-medium">{t(transfer.type === 'in' ? 'gameLog.column.in' : 'gameLog.column.out')}</span>
            <span className="font-mono tabular-nums">{format.amount(transfer.amount)}</span>
            <span className="text-muted-foreground">{t(`transfers.state.${transfer.state}`)}</span>
            <span className="ms-auto text-xs text-muted-foreground">{format.dateTime(transfer.time)}</span>
          </li>
        ))}
      </ul>
    </>
  );
}

function Revisions({ detail }: { detail: BetDetail }) {
  const { t } = useTranslation();
  const format = useFormat();
  if (detail.revisions.length === 0) return <p className="text-sm text-muted-foreground">{t('bets.detail.noRevisions')}</p>;
  return (
    <ul className="grid gap-1 text-sm" data-testid="bet-revisions">
      {detail.revisions.map((revision) => (
        <li key={revision.revisedAt} className="grid gap-0.5 border-t py-1" data-testid="bet-revision">
          <span className="text-xs text-muted-foreground">
            {t('bets.detail.revisedAt')} {format.dateTime(revision.revisedAt)} · {t(`bets.status.${revision.status}`)}
            {revision.settleTime ? ` · ${format.dateTime(revision.settleTime)}` : ''}
          </span>
          <span className="flex flex-wrap gap-x-3">
            <span>
              {t('bets.column.validBet')} <span className="font-mono tabular-nums">{format.amount(revision.validBet)}</span>
            </span>
            <span>
              {t('bets.column.settle')} <span className="font-mono tabular-nums">{format.amount(revision.settle)}</span>
            </span>
            <span>
              {t('bets.column.winLoss')}{' '}
              <span className={cn('font-mono tabular-nums', tone(revision.winLoss))}>{format.amount(revision.winLoss)}</span>
            </span>
          </span>
        </li>
      ))}
    </ul>
  );
}

/** One bet in a side sheet (on a phone, rising from the bottom): its fields, its round's result, its line at settlement, its game session and its resettlements. */
export function BetDetailSheet({ target, onClose, side = 'right' }: { target: BetKey | null; onClose(): void; side?: 'right' | 'bottom' }) {
  const { t } = useTranslation();
  const answer = useCall('gw.credit.bet.detail', target ?? { orderId: '' }, { enabled: target !== null });
  const detail = target && answer.data?.bet.orderId === target.orderId ? answer.data : undefined;
  return (
    <Sheet open={target !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <SheetContent
        side={side}
        className={side === 'right' ? 'w-full sm:max-w-2xl' : undefined}
        closeLabel={t('palette.close')}
        data-testid="bet-detail"
      >
        <SheetHeader>
          <SheetTitle>{t('bets.detail.title', { orderId: target?.orderId ?? '' })}</SheetTitle>
          <SheetDescription>{t('bets.detail.description')}</SheetDescription>
        </SheetHeader>
        {detail ? (
          <div className="grid gap-5 px-4 pb-6" data-testid="bet-detail-body" data-order-id={detail.bet.orderId}>
            <Section title={t('bets.detail.fields')} testId="bet-detail-fields">
              <BetFields bet={detail.bet} />
            </Section>
            <Section title={t('bets.detail.round')} testId="bet-detail-round">
              {detail.round ? (
                <div className="flex flex-wrap items-center gap-3">
                  <RoundResult gameCode={detail.round.gameCode} result={detail.round.result} />
                  <RoundLink bet={detail.bet} />
                </div>
              ) : (
                <p className="text-sm text-muted-foreground">{t('bets.detail.roundPending')}</p>
              )}
            </Section>
            <Section title={t('bets.detail.line')} testId="bet-detail-line">
              <LineTable line={detail.line} status={detail.bet.status} />
            </Section>
            <Section title={t('bets.detail.session')} testId="bet-detail-session">
              <SessionPart detail={detail} />
            </Section>
            <Section title={t('bets.detail.revisions')} testId="bet-detail-revisions">
              <Revisions detail={detail} />
            </Section>
          </div>
        ) : (
          <p className="px-4 text-sm text-muted-foreground" role="status">
            {answer.isError ? null : t('app.loading')}
          </p>
        )}
      </SheetContent>
    </Sheet>
  );
}
