import { accountActionCommands } from './account-actions.commands';
import { accountCommands } from './account.commands';
import { asOfCommands } from './as-of.commands';
import type { Command, CommandContext, Rights } from './command';
import { gameCommands } from './game.commands';
import { listExportCommands } from './list-export.commands';
import { monitorCommands } from './monitoring.commands';
import { navigationCommands } from './navigation.commands';
import { noticeCommands } from './notice.commands';
import { pointsCommands } from './points.commands';
import { preferenceCommands } from './preferences.commands';
import { reportCommands } from './report.commands';
import { reconciliationCommands } from './reconciliation.commands';
import { riskCommands } from './risk.commands';
import { statementCommands } from './statement.commands';
import { sessionCommands } from './session.commands';
import { subAccountCommands } from './sub-account.commands';
import { suggestionCommands } from './suggestion.commands';
import { systemSettingCommands } from './system-setting.commands';
import { transferCommands } from './transfer.commands';

export { matchesShortcut, shortcutLabel } from './shortcuts';

/** Every command of the app, in menu order. Later screens add their command files here. */
export const allCommands: readonly Command[] = [
  ...navigationCommands,
  ...listExportCommands,
  ...asOfCommands,
  ...accountCommands,
  ...accountActionCommands,
  ...pointsCommands,
  ...subAccountCommands,
  ...gameCommands,
  ...transferCommands,
  ...reportCommands,
  ...statementCommands,
  ...noticeCommands,
  ...suggestionCommands,
  ...systemSettingCommands,
  ...monitorCommands,
  ...riskCommands,
  ...reconciliationCommands,
  ...preferenceCommands,
  ...sessionCommands,
];

export function commandsFor(rights: Rights): Command[] {
  return allCommands.filter((command) => command.when(rights));
}

/** What the palette offers here: the session's commands, less the desktop's layout on the phone and those this screen has no use for. */
export function commandsIn(context: CommandContext): Command[] {
  return commandsFor(context.rights).filter(
    (command) => !(command.desktopOnly && context.view === 'mobile') && (command.available?.(context) ?? true),
  );
}

export function menuCommands(rights: Rights): Command[] {
  return commandsFor(rights).filter((command) => command.path !== undefined);
}
