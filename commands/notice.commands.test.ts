import { describe, expect, it, vi } from 'vitest';
import type { NoticeRecord } from '../contract/notice.contract';
import type { CommandContext, Rights } from './command';
import { noticeActionsFor, noticeCommands, runNoticeAction } from './notice.commands';
import { commandsFor } from './registry';

const company: Rights = {
  userId: '1',
  level: 0,
  accessCodes: [1, 2, 3, 4, 5, 6, 7, 8, 11],
  isSubAccount: false,
  mustChangePassword: false,
};
const clerk = (accessCodes: number[]): Rights => ({ ...company, isSubAccount: true, accessCodes });
const now = new Date('2026-11-26T05:00:00Z');
const notice = (status: NoticeRecord['status'], startTime = '2026-11-26T04:00:00Z', endTime = '2026-11-26T06:00:00Z'): NoticeRecord => ({
  noticeId: '7',
  kind: 'site',
  status,
  title: { zh: '维护', en: 'Maintenance', th: 'ปิดปรับปรุง' },
  content: { zh: '<p>维护</p>', en: '<p>x</p>', th: '<p>x</p>' },
  startTime,
  endTime,
  level: null,
  publishTime: null,
  updatedAt: '2026-11-26T03:00:00Z',
});

function context(rights: Rights, confirmed: boolean) {
  const call = vi.fn(async (method: string, params: { noticeId: string }) => ({
    noticeId: params.noticeId,
    status: method.endsWith('revoke') ? 'draft' : 'deleted',
  }));
  const ctx = {
    rights,
    language: 'en',
    t: (key: string, values?: Record<string, unknown>) => (values ? `${key} ${JSON.stringify(values)}` : key),
    confirm: vi.fn(async () => confirmed),
    call,
    navigate: vi.fn(),
    report: vi.fn(),
    accountsChanged: vi.fn(),
  };
  return ctx as typeof ctx & CommandContext;
}

describe('notice commands', () => {
  it('are offered to the company and its clerks with code 8, to nobody below', () => {
    const ids = (rights: Rights) => commandsFor(rights).map((command) => command.id);
    expect(ids(company)).toEqual(expect.arrayContaining(['notices.add', 'notices.act']));
    expect(ids(clerk([8]))).toEqual(expect.arrayContaining(['notices.add', 'notices.act']));
    expect(ids(clerk([1, 7]))).not.toContain('notices.add');
    expect(ids({ ...company, level: 1 })).not.toContain('notices.act');
  });

  it('offer per notice what the lifecycle takes now, on the clock given', () => {
    expect(noticeActionsFor(company, notice('draft'), now)).toEqual(['PUBLISH', 'EDIT', 'DELETE']);
    expect(noticeActionsFor(company, notice('waiting', '2026-11-26T04:00:00Z'), now)).toEqual(['REVOKE']);
    // Read as waiting, but its window has opened since: still only revoke; once ended, only delete.
    expect(noticeActionsFor(company, notice('waiting', '2026-11-26T04:00:00Z', '2026-11-26T04:30:00Z'), now)).toEqual(['DELETE']);
    expect(noticeActionsFor(company, notice('draft', '2026-11-26T01:00:00Z', '2026-11-26T02:00:00Z'), now)).toEqual(['EDIT', 'DELETE']);
    expect(noticeActionsFor({ ...company, level: 1 }, notice('draft'), now)).toEqual([]);
  });

  it('ask before revoking or deleting: a cancel calls nothing, a yes calls and refreshes the notice reads', async () => {
    const cancelled = context(company, false);
    await runNoticeAction(cancelled, notice('sending'), 'REVOKE');
    expect(cancelled.call).not.toHaveBeenCalled();
    const confirmed = context(company, true);
    await runNoticeAction(confirmed, notice('sending'), 'REVOKE');
    expect(confirmed.call).toHaveBeenCalledWith('gw.credit.notice.revoke', { noticeId: '7' });
    expect(confirmed.report).toHaveBeenCalledWith({
      ok: true,
      message: 'notices.done.revoke {"title":"Maintenance","status":"notices.status.draft"}',
    });
    expect(confirmed.accountsChanged).toHaveBeenCalledWith(
      expect.arrayContaining(['gw.credit.notice.page', 'gw.credit.notice.layer.list']),
    );
    await runNoticeAction(confirmed, notice('draft'), 'EDIT');
    expect(confirmed.navigate).toHaveBeenCalledWith('/oprateNotice/index/7');
  });

  it('"Publish, revoke, edit or delete a notice…" lists the notices, then the actions of the one picked', async () => {
    const act = noticeCommands.find((command) => command.id === 'notices.act')!;
    const ctx = context(company, true);
    ctx.call.mockImplementationOnce((async () => ({
      total: 1,
      list: [notice('draft', '2099-01-01T00:00:00Z', '2099-01-02T00:00:00Z')],
    })) as never);
    const [notices, actions] = act.steps!;
    expect((await notices!.choices(ctx, [], '')).map((choice) => [choice.id, choice.title, choice.detail])).toEqual([
      ['7', 'Maintenance', 'notices.status.draft'],
    ]);
    expect((await actions!.choices(ctx, ['7'], '')).map((choice) => choice.id)).toEqual(['PUBLISH', 'EDIT', 'DELETE']);
    await act.run(ctx, ['7', 'DELETE']);
    expect(ctx.call).toHaveBeenLastCalledWith('gw.credit.notice.delete', { noticeId: '7' });
  });
});
