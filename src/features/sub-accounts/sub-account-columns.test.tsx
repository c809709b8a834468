import { cleanup, render, screen, within } from '@testing-library/react';
import type { TFunction } from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CommandContext } from '@commands/command';
import type { SubAccountRow } from '@commands/sub-account.commands';
import { DataTable, useDataTable } from '@/components/data-table/data-table';
import type { useFormat } from '@/hooks/use-format';
import { subAccountColumns } from './sub-account-columns';

vi.mock('react-i18next', () => ({ useTranslation: () => ({ t: (key: string) => key, i18n: { language: 'en' } }) }));

const t = ((key: string) => key) as TFunction;
const format = { amount: (value: string) => value, dateTime: (value: string) => value } as unknown as ReturnType<typeof useFormat>;
const commands = { rights: { kind: 'main', methods: new Set<string>() } } as unknown as CommandContext;

const clerk = (loginId: string, accessCode: string): SubAccountRow => ({
  subAccountId: loginId,
  agentId: '1',
  loginId,
  nickname: loginId,
  status: 1,
  accessCode,
  createdAt: '2026-11-24T10:00:00.000Z',
  lastLoginAt: null,
  online: false,
});
const clerks = [clerk('every01', '1,2,3,4,5,6,7,8,11'), clerk('two01', '1,5')];

function Table() {
  const model = useDataTable({ columns: subAccountColumns(t, format, commands), data: clerks, getRowId: (item) => item.subAccountId });
  return (
    <DataTable
      model={model}
      label="sub-accounts"
      empty="none"
      rowTestId="sub-account-row"
      rowAttributes={(item) => ({ 'data-login-id': item.loginId })}
    />
  );
}

beforeAll(() => {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(40);
});
afterEach(cleanup);

describe('the sub-accounts rights column', () => {
  const chipsOf = (loginId: string) =>
    within(screen.getAllByTestId('sub-account-row').find((element) => element.dataset.loginId === loginId)!).getByTestId(
      'access-code-chips',
    );

  it('keeps the chips of many rights on the row\'s one line: two chips cut short to fit, the rest as "+N" named on hover', () => {
    render(<Table />);
    const chips = chipsOf('every01');
    expect(chips.className).toContain('flex-nowrap');
    expect(chips.className).toContain('overflow-hidden');
    expect(chips.className).not.toContain('flex-wrap ');
    const shown = [...chips.querySelectorAll<HTMLElement>('[data-code]')];
    expect(shown.map((chip) => chip.dataset.code)).toEqual(['1', '2']);
    expect(shown.every((chip) => chip.className.includes('truncate'))).toBe(true);
    const folded = chips.querySelector<HTMLElement>('[data-folded-codes]')!;
    expect(folded.textContent).toBe('+7');
    expect(folded.dataset.foldedCodes).toBe('3,4,5,6,7,8,11');
    expect(folded.title).toBe(['3', '4', '5', '6', '7', '8', '11'].map((code) => `subAccount.code.${code}`).join(', '));
  });

  it('shows a row with few rights whole, with no "+N"', () => {
    render(<Table />);
    const chips = chipsOf('two01');
    expect([...chips.querySelectorAll<HTMLElement>('[data-code]')].map((chip) => chip.textContent)).toEqual([
      'subAccount.code.1',
      'subAccount.code.5',
    ]);
    expect(chips.querySelector('[data-folded-codes]')).toBeNull();
  });
});
