import { z } from 'zod';
import { backOffice, companyLevel } from './account-levels.contract';
import { gameTypeSchema } from './account-fields.contract';
import { idSchema } from './common.contract';
import { ErrorCode } from './errors.contract';
import { defineMethod } from './method.contract';

/** A game of the platform's catalogue (GATEWAY.md "Games and bets"): `baccarat`, `sic-bo`, a slot's name. */
export const gameCodeSchema = z.string().regex(/^[a-z0-9-]{1,32}$/, 'game-code');

/** The terminal types a member may play from (PRODUCT.md "Devices"). */
export const devices = ['pc', 'h5', 'app'] as const;
export const deviceSchema = z.enum(devices);
export type Device = z.infer<typeof deviceSchema>;

export const gameSchema = z.object({
  gameCode: z.string(),
  gameType: gameTypeSchema,
  /** The platform's name; the client shows its own text for the code when it has one. */
  gameName: z.string(),
  open: z.boolean(),
});
export type Game = z.infer<typeof gameSchema>;

const deviceSwitches = z.object({
  userId: idSchema,
  devices: z.object({ pc: z.boolean(), h5: z.boolean(), app: z.boolean() }),
});

export const gameMethods = {
  'gw.credit.game.list': defineMethod({
    summary: "The platform's games with whether the caller's site has them open",
    params: z.object({}),
    result: z.object({ list: z.array(gameSchema) }),
    auth: 'session',
    effect: 'read',
    rights: { levels: backOffice },
    errors: [],
  }),
  'gw.credit.game.switch': defineMethod({
    summary: 'Opens or closes a game for the whole site: the platform takes no bet on a closed game (bets already placed settle)',
    params: z.object({ gameCode: gameCodeSchema, open: z.boolean() }),
    result: z.object({ gameCode: z.string(), open: z.boolean() }),
    auth: 'session',
    effect: 'write',
    // Acts for the whole site, so not even a company clerk may (PRODUCT.md "Roles").
    rights: { levels: [companyLevel], mainOnly: true },
    errors: [ErrorCode.recordNotFound],
  }),
  'gw.credit.user.device.switch.get': defineMethod({
    summary: "The terminal types (pc, h5, app) a member of the caller's line may play from",
    params: z.object({ userId: idSchema }),
    result: deviceSwitches,
    auth: 'session',
    effect: 'read',
    rights: { levels: backOffice, accessCode: 1 },
    errors: [ErrorCode.accountNotFound, ErrorCode.illegalOperation],
  }),
  'gw.credit.user.device.switch.set': defineMethod({
    summary: 'Enables or disables one terminal type for a member directly below the calling agent',
    params: z.object({ userId: idSchema, device: deviceSchema, enabled: z.boolean() }),
    result: deviceSwitches,
    auth: 'session',
    effect: 'write',
    rights: { levels: backOffice, accessCode: 4 },
    errors: [
      ErrorCode.accountNotFound,
      ErrorCode.notDirectRelation,
      ErrorCode.illegalOperation,
      ErrorCode.cannotOperate,
      ErrorCode.agentLineFrozen,
    ],
  }),
};
