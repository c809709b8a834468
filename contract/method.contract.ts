import type { z } from 'zod';
import type { ErrorCodeValue } from './errors.contract';

/** Levels of the account tree: 0 company ... 4 agent, 5 member. */
export type Level = 0 | 1 | 2 | 3 | 4 | 5;

/**
 * What a caller needs to use a method. The server checks every one of these;
 * the web app reads the same declaration to hide what it may not offer.
 */
export interface Rights {
  /** Levels allowed to call (any level when absent). */
  levels?: readonly Level[];
  /** Access code a sub-account needs (main accounts hold every code). */
  accessCode?: number;
}

export interface MethodDefinition<P extends z.ZodObject = z.ZodObject, R extends z.ZodType = z.ZodType> {
  summary: string;
  params: P;
  result: R;
  /** "public" needs no session; "session" needs a valid opsId of the request's site. */
  auth: 'public' | 'session';
  /**
   * "write" with a session runs in one transaction with idempotency by requestKey and an
   * operation record (GATEWAY.md). A public "write" (captcha, sign-in) manages its own
   * writes: what it records about a refused attempt must survive the refusal.
   */
  effect: 'read' | 'write';
  /** True for the calls a closed site still answers (site, theme, maintenance, meta). */
  openWhileClosed?: boolean;
  /** True for the calls a session may make while it must first change its password. */
  openWhilePasswordForced?: boolean;
  rights?: Rights;
  /**
   * A secret of the caller's own the call must carry (step-up): the dispatcher checks it before
   * the call's transaction, counted with the account's sign-in failures, and refuses a wrong
   * one with 2232 (password) or 2241 (safe code).
   */
  stepUp?: { param: string; secret: 'password' | 'safeCode' };
  /** Catalogue codes the method itself can answer, beyond the dispatcher's own. */
  errors: readonly ErrorCodeValue[];
}

export function defineMethod<P extends z.ZodObject, R extends z.ZodType>(
  definition: MethodDefinition<P, R>,
): MethodDefinition<P, R> {
  return definition;
}
