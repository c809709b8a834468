import type { z } from 'zod';
import type { ErrorCodeValue } from './errors.contract';

/** Levels of the account tree: 0 company ... 4 agent, 5 member. */
export type Level = 0 | 1 | 2 | 3 | 4 | 5;

/**
 * Route roles (docs/product.md#levels-and-route-roles): a role names a group of levels that several screens and
 * methods share, so the group is written once. `firstProxy`: the company and the two levels
 * below it (operation record, login log).
 */
export const routeRoles = { firstProxy: [0, 1, 2] } as const satisfies Record<string, readonly Level[]>;
export type RouteRole = keyof typeof routeRoles;

/**
 * What a caller needs to use a method. The server checks every one of these;
 * the web app reads the same declaration (commands/can.ts) to hide what it may not offer.
 */
export interface Rights {
  /** Levels allowed to call (any level when absent). */
  levels?: readonly Level[];
  /** Access code a sub-account needs (main accounts hold every code). */
  accessCode?: number;
  /** Route role the caller's level must hold, on top of `levels`. */
  role?: RouteRole;
  /**
   * Main accounts only: a sub-account is refused (11003) whatever its codes, because these act
   * for the whole account (issuance, system settings, managing sub-accounts, games open/close).
   */
  mainOnly?: boolean;
  /**
   * Finance is points movements wherever they show (docs/product.md#finance). While the site's setting hides
   * it from agents (levels 1-4, `system.finance.isvisit`), a `finance` method is refused to them
   * (11003): the code-6 screens' (score log and its export, transfers, exposure), the deal
   * record, the trading report (nothing but score and transfer sums) and the game log (a game
   * session is its transfers in and out; its bets stay in the bet record).
   */
  finance?: boolean;
  /**
   * A method that shows finance among other things answers without its points rows instead:
   * the operation record leaves out the calls that moved points (`pointsActions`).
   */
  financeRows?: boolean;
}

/** Whether a caller of this level, with these access codes, main or sub-account, holds the rights. */
export function rightsAllow(
  rights: Rights | undefined,
  caller: { level: Level; accessCodes: readonly number[]; isSubAccount: boolean; financeHidden?: boolean },
): boolean {
  if (!rights) return true;
  if (rights.finance && caller.financeHidden) return false;
  if (rights.levels && !rights.levels.includes(caller.level)) return false;
  if (rights.role && !(routeRoles[rights.role] as readonly Level[]).includes(caller.level)) return false;
  if (rights.mainOnly && caller.isSubAccount) return false;
  return rights.accessCode === undefined || caller.accessCodes.includes(rights.accessCode);
}

export interface MethodDefinition<P extends z.ZodObject = z.ZodObject, R extends z.ZodType = z.ZodType> {
  summary: string;
  params: P;
  result: R;
  /** "public" needs no session; "session" needs a valid opsId of the request's site. */
  auth: 'public' | 'session';
  /**
   * "write" with a session runs in one transaction with idempotency by requestKey and an
   * operation record (docs/product.md#request-keys, docs/product.md#operation-record). A public "write" (captcha, sign-in) manages its own
   * writes: what it records about a refused attempt must survive the refusal.
   */
  effect: 'read' | 'write';
  /** True for the calls a closed site still answers (site, theme, maintenance, meta). */
  openWhileClosed?: boolean;
  /**
   * True for the steps of signing in (captcha, first-login check, sign-in): they pass a
   * maintenance window, and the sign-in itself lets only a company main account in (docs/product.md#maintenance-and-ip-block:
   * the company is exempt, so it can end a window early).
   */
  signInDuringMaintenance?: boolean;
  /** True for the calls a session may make while it must first change its password. */
  openWhilePasswordForced?: boolean;
  /**
   * A write on the caller's downline (adding, editing, statuses, flags, points, bulk jobs): a
   * frozen caller (20012), or one in a frozen line (2243; 20005 for points), may read but not call it.
   */
  changesDownline?: true;
  rights?: Rights;
  /**
   * What a call about another account than the caller's own (its `userId` param) needs on top
   * of `rights`: a clerk reads its own profile with no code, another account's only with the
   * user list. The dispatcher checks it before the call reaches the line (11003, never 20002).
   */
  otherAccountRights?: Rights;
  /**
   * A secret of the caller's own the call must carry (step-up): the dispatcher checks it before
   * the call's transaction, counted with the account's sign-in failures, and refuses a wrong
   * one with 2232 (password) or 2241 (safe code). A replay of the call is checked too. Several
   * (the current password and safe code of a safe code change) are checked in their order.
   */
  stepUp?: StepUp | readonly StepUp[];
  /** Catalogue codes the method itself can answer, beyond the dispatcher's own. */
  errors: readonly ErrorCodeValue[];
}

/** A step-up secret: the param that carries it and which of the caller's secrets it must be. */
export interface StepUp {
  param: string;
  secret: 'password' | 'safeCode';
}

/** A method's step-up secrets in the order they are checked (the first wrong one is the refusal). */
export function stepUpsOf(definition: { stepUp?: StepUp | readonly StepUp[] }): readonly StepUp[] {
  const stepUp = definition.stepUp;
  if (!stepUp) return [];
  return 'param' in stepUp ? [stepUp] : stepUp;
}

export function defineMethod<P extends z.ZodObject, R extends z.ZodType>(definition: MethodDefinition<P, R>): MethodDefinition<P, R> {
  return definition;
}
