import type { Device } from '../contract/game.contract';
import type { ResultOf } from '../contract/methods.contract';
import { can } from './can';
import type { Command, CommandContext } from './command';

export type GameRow = ResultOf<'gw.credit.game.list'>['list'][number];

/** A game's name in the interface language, or the platform's own when the app has none for it. */
export const gameName = (t: CommandContext['t'], game: Pick<GameRow, 'gameCode' | 'gameName'>) =>
  t(`games.name.${game.gameCode}`, { defaultValue: game.gameName });

/** A bet code in words ("straight:17" as "直注 17"); a code of a kind the app does not know stays as it is. */
export function betCodeName(t: CommandContext['t'], betCode: string): string {
  const [kind = '', ...rest] = betCode.split(':');
  const name = /^[A-Za-z]+$/.test(kind) ? t(`bets.code.${kind}`, { defaultValue: '' }) : '';
  return name ? [name, ...rest].join(' ') : betCode;
}

/** Opens or closes a game for the whole site; closing asks first, since members stop betting on it at once. */
export async function switchGame(context: CommandContext, game: GameRow, open: boolean): Promise<void> {
  const name = gameName(context.t, game);
  const action = context.t(open ? 'games.openAction' : 'games.closeAction');
  if (!open) {
    const ok = await context.confirm({
      title: context.t('games.confirmClose', { game: name }),
      description: context.t('games.confirmCloseMessage'),
      action,
      destructive: true,
    });
    if (!ok) return;
  }
  try {
    await context.call('gw.credit.game.switch', { gameCode: game.gameCode, open });
    context.report({ ok: true, message: context.t(open ? 'games.opened' : 'games.closed', { game: name }) });
    context.accountsChanged(['gw.credit.game.list']);
  } catch (error) {
    context.report({ ok: false, error });
  }
}

/** Enables or disables one terminal type of a member; disabling asks first. */
export async function switchDevice(
  context: CommandContext,
  member: { userId: string; loginId: string },
  device: Device,
  enabled: boolean,
): Promise<void> {
  const values = { device: context.t(`device.${device}`), loginId: member.loginId };
  if (!enabled) {
    const ok = await context.confirm({
      title: context.t('device.confirmDisable', values),
      description: context.t('device.confirmDisableMessage'),
      action: context.t('device.disable'),
      destructive: true,
    });
    if (!ok) return;
  }
  try {
    await context.call('gw.credit.user.device.switch.set', { userId: member.userId, device, enabled });
    context.report({ ok: true, message: context.t(enabled ? 'device.enabled' : 'device.disabled', values) });
    context.accountsChanged(['gw.credit.user.device.switch.get']);
  } catch (error) {
    context.report({ ok: false, error });
  }
}

/** Games the last palette page listed, so the run knows the game without asking again. */
const listed = new Map<string, GameRow>();

/** "Open or close a game…": pick a game (its state shown), and it switches to the other state. */
const switchGameCommand: Command = {
  id: 'games.switch',
  group: 'accounts',
  titleKey: 'command.switchGame',
  keywords: ['game', 'open', 'close', 'switch', '游戏', '开关', '关闭游戏', '开启游戏'],
  icon: 'gamepad-2',
  steps: [
    {
      placeholderKey: 'palette.chooseGame',
      async choices(context) {
        const { list } = await context.call('gw.credit.game.list', {});
        return list.map((game) => {
          listed.set(game.gameCode, game);
          const name = gameName(context.t, game);
          return {
            id: game.gameCode,
            title: name,
            detail: context.t(game.open ? 'games.state.open' : 'games.state.closed'),
            keywords: [game.gameCode, game.gameName],
          };
        });
      },
    },
  ],
  when: (rights) => can(rights, 'gw.credit.game.switch'),
  run: async (context, [gameCode]) => {
    const game = gameCode ? listed.get(gameCode) : undefined;
    if (game) await switchGame(context, game, !game.open);
  },
};

export const gameCommands: Command[] = [switchGameCommand];
