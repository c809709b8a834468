import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BetDetail } from '@contract/bet-detail.contract';
import type * as GatewayClientModule from '@/api/gateway-client';
import { startChineseI18n, stubLayout, WithQueries } from '../../../tests/support/jsdom-test-support';
import { BetDetailSheet, roundPath } from './bet-detail-sheet';

const call = vi.hoisted(() => vi.fn());
vi.mock('@/api/gateway-client', async (original) => ({ ...(await original<typeof GatewayClientModule>()), call }));

const t = (key: string, values?: Record<string, unknown>) => i18next.t(key, values);

const bet: BetDetail['bet'] = {
  orderId: '9000123',
  userId: '77',
  loginId: 'mb01010101001',
  betTime: '2026-11-20T15:59:50.000Z',
  settleTime: '2026-11-20T16:00:30.000Z',
  gameCode: 'roulette',
  gameType: 'live',
  playType: 'straight',
  bet: '10000.00',
  validBet: '9000.00',
  settle: '8800.00',
  winLoss: '-1200.00',
  status: 'resettled',
  betCode: 'straight:17',
  transactionId: 'S-1',
  gameId: 'ROU-01',
  gameName: '轮盘',
  round: '20261120-7771',
  jackpot: '0.00',
  jackpotWon: '0.00',
  jackpotRake: '0.00',
  redPacket: '0.00',
};

const detail = (patch: Partial<BetDetail> = {}): BetDetail => ({
  bet,
  round: {
    gameCode: 'roulette',
    gameId: 'ROU-01',
    round: bet.round,
    startTime: '2026-11-20T15:59:00.000Z',
    endTime: '2026-11-20T16:00:20.000Z',
    result: { number: 17, colour: 'black' },
  },
  line: [
    { kind: 'upline', level: 2, userId: null, loginId: null, share: null, rate: null, keeps: '372.00' },
    { kind: 'agent', level: 3, userId: '30', loginId: 'ga010101', share: 60, rate: 1.2, keeps: '258.00' },
    { kind: 'agent', level: 4, userId: '40', loginId: 'ag01010101', share: 40, rate: 1, keeps: '498.00' },
    { kind: 'member', level: 5, userId: '77', loginId: 'mb01010101001', share: null, rate: 0.8, keeps: '72.00' },
  ],
  session: {
    sessionId: 'S-1',
    startTime: '2026-11-20T15:58:00.000Z',
    endTime: '2026-11-20T16:05:00.000Z',
    transfers: [
      {
        transferId: 'IN-1',
        type: 'in',
        userId: '77',
        loginId: 'mb01010101001',
        amount: '100.00',
        state: 'done',
        serialNo: '501',
        reversalOf: null,
        sessionId: 'S-1',
        time: '2026-11-20T15:58:00.000Z',
      },
      {
        transferId: 'OUT-1',
        type: 'out',
        userId: '77',
        loginId: 'mb01010101001',
        amount: '100.00',
        state: 'done',
        serialNo: '502',
        reversalOf: null,
        sessionId: 'S-1',
        time: '2026-11-20T16:05:00.000Z',
      },
    ],
  },
  sessionHidden: false,
  revisions: [
    {
      revisedAt: '2026-11-21T01:00:00.000Z',
      status: 'settled',
      settleTime: '2026-11-20T16:00:30.000Z',
      validBet: '9000.00',
      settle: '10000.00',
      winLoss: '0.00',
      jackpotWon: '0.00',
      redPacket: '0.00',
    },
  ],
  ...patch,
});

function show(answer: BetDetail, onClose = vi.fn()) {
  call.mockResolvedValue(answer);
  history.replaceState(null, '', '#/videoOrder/index');
  render(
    <WithQueries>
      <BetDetailSheet target={{ orderId: bet.orderId, betTime: bet.betTime }} onClose={onClose} />
    </WithQueries>,
  );
  return onClose;
}

beforeAll(async () => {
  stubLayout();
  await startChineseI18n();
});
beforeEach(() => call.mockReset());
afterEach(cleanup);

describe('the bet detail sheet', () => {
  it('asks for the bet by order number and bet time, and shows its fields, its round drawn with a link, its line, session and resettlement', async () => {
    show(detail());
    const body = await screen.findByTestId('bet-detail-body');
    expect(call).toHaveBeenCalledWith('gw.credit.bet.detail', { orderId: bet.orderId, betTime: bet.betTime });
    expect(screen.getByRole('dialog').textContent).toContain(t('bets.detail.title', { orderId: bet.orderId }));

    expect(within(body).getByTestId('bet-field-betCode').textContent).toBe('straight:17');
    expect(within(body).getByTestId('bet-field-winLoss').textContent).toBe('-1,200.00');
    expect(within(body).getByTestId('bet-field-winLoss').firstElementChild?.className).toContain('text-destructive');
    // The play type by its name in the interface language, its code beside it.
    expect(within(body).getByTestId('bet-field-playType').textContent).toBe(`${t('bets.code.straight')} (straight)`);
    expect(within(body).getByTestId('bet-field-status').textContent).toBe(t('bets.status.resettled'));

    const round = within(body).getByTestId('bet-detail-round');
    expect(round.querySelector('[data-result]')?.getAttribute('data-result')).toBe('wheel:17');
    const links = within(body).getAllByTestId('bet-round-link');
    // Beijing days: the bet at 23:59:50 on the 20th, settled at 00:00:30 on the 21st.
    expect(links[0]!.getAttribute('href')).toContain(
      '/gameResult/index?game=roulette&table=ROU-01&round=20261120-7771&start=2026-11-20&end=2026-11-21',
    );

    const levels = within(body).getAllByTestId('bet-line-level');
    expect(levels.map((row) => [row.getAttribute('data-kind'), row.textContent])).toEqual([
      ['upline', `${t('bets.detail.upline')}———372.00`],
      ['agent', `${t('level.3')}ga01010160%1.2%258.00`],
      ['agent', `${t('level.4')}ag0101010140%1%498.00`],
      ['member', `${t('level.5')}mb01010101001—0.8%72.00`],
    ]);

    const transfers = within(body).getAllByTestId('bet-session-transfer');
    expect(transfers.map((row) => row.getAttribute('data-type'))).toEqual(['in', 'out']);
    expect(transfers[0]!.textContent).toContain(t('gameLog.column.in'));
    expect(within(body).getAllByTestId('bet-revision')[0]!.textContent).toContain(t('bets.status.settled'));
  });

  it('says why the session is missing, that an unsettled bet has no shares yet, and that its round is not reported yet', async () => {
    show(
      detail({
        bet: { ...bet, status: 'unsettled', settleTime: null },
        round: null,
        session: null,
        sessionHidden: true,
        revisions: [],
        line: detail().line.map((row) => ({ ...row, share: null, rate: null, keeps: null })),
      }),
    );
    const body = await screen.findByTestId('bet-detail-body');
    expect(within(body).getByTestId('bet-detail-session').textContent).toContain(t('bets.detail.sessionHidden'));
    expect(within(body).getByTestId('bet-detail-line').textContent).toContain(t('bets.detail.lineNotYet'));
    expect(within(body).getByTestId('bet-detail-round').textContent).toContain(t('bets.detail.roundPending'));
    expect(within(body).getByTestId('bet-detail-revisions').textContent).toContain(t('bets.detail.noRevisions'));
    // An open bet has won and lost nothing yet: a dash, not a green 0.00.
    for (const field of ['settle', 'winLoss']) {
      const cell = within(body).getByTestId(`bet-field-${field}`);
      expect(cell.textContent, field).toBe('—');
      expect(cell.querySelector('[data-unsettled="true"]'), field).not.toBeNull();
      expect(cell.innerHTML, field).not.toContain('text-gain');
    }
    expect(
      within(body)
        .getAllByTestId('bet-line-keeps')
        .every((cell) => cell.textContent === '—'),
    ).toBe(true);
  });

  it('closes with its close button', async () => {
    const onClose = show(detail());
    await screen.findByTestId('bet-detail-body');
    fireEvent.click(screen.getByRole('button', { name: t('palette.close') }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('builds the round link from the bet alone, on one Beijing day for a bet settled the same day', () => {
    expect(roundPath({ ...bet, betTime: '2026-11-20T02:00:00.000Z', settleTime: null })).toBe(
      '/gameResult/index?game=roulette&table=ROU-01&round=20261120-7771&start=2026-11-20&end=2026-11-20',
    );
  });
});
