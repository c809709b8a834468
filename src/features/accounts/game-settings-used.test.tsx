import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GameSettingsFields, gameSettingsValue, type GameSetting } from './game-settings-fields';

vi.mock('react-i18next', () => ({
  useTranslation: () => ({
    t: (key: string, values?: Record<string, unknown>) => (values ? `${key} ${JSON.stringify(values)}` : key),
    i18n: { language: 'en' },
  }),
}));

afterEach(cleanup);

const setting = (gameType: GameSetting['gameType'], used: string | null, reached: boolean): GameSetting => ({
  gameType,
  bettingRatio: 1,
  agentRate: 80,
  agentToCompanyLimit: '1000.00',
  agentToCompanyUsed: used,
  agentToCompanyReached: reached,
  spread: 0,
  redLimit: '0.00',
  enabled: true,
});
const show = (own: GameSetting[] | undefined) =>
  render(
    <GameSettingsFields
      value={gameSettingsValue(own)}
      parent={undefined}
      presets={[]}
      problems={{}}
      lockedGameTypes={[]}
      own={own}
      onChange={() => undefined}
    />,
  );

describe("an agent's open bill period against its agent-to-company limit", () => {
  it('shows the amount used under the limit of each game type, marked when reached', () => {
    show([setting('live', '1200.00', true), setting('electronic', '35.10', false)]);
    const live = screen.getByTestId('game-live-agentToCompanyLimit-used');
    expect(live.getAttribute('data-reached')).toBe('true');
    expect(live.textContent).toMatch(/^game\.companyLimitReached .*1,?200\.00/);
    const electronic = screen.getByTestId('game-electronic-agentToCompanyLimit-used');
    expect(electronic.getAttribute('data-reached')).toBe('false');
    expect(electronic.textContent).toMatch(/^game\.companyLimitUsed .*35\.10/);
  });

  it('shows nothing for a member (no bill) or a new account', () => {
    show([setting('live', null, false), setting('electronic', null, false)]);
    expect(screen.queryByTestId('game-live-agentToCompanyLimit-used')).toBeNull();
    cleanup();
    show(undefined);
    expect(screen.queryByTestId('game-electronic-agentToCompanyLimit-used')).toBeNull();
  });
});
