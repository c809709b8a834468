import type { FieldChange } from '../../contract/audit.contract';
import type { Language } from '../../contract/common.contract';
import type { Queryable } from './db/database';
import type { Session } from './session.store';
import type { Site } from './site.repository';

// What a handler gets from the dispatcher. Its own module so that handlers depend on the call's
// shape, not on the dispatcher that imports them all.

/** Gateway-wide settings from the environment that some handlers need. */
export interface GatewaySettings {
  /** CAPTCHA=off skips the captcha at sign-in. */
  captcha: boolean;
  /** Failed sign-ins allowed per IP in 10 minutes. */
  loginIpLimit: number;
  /** Captcha images given per IP in 10 minutes. */
  captchaIssueLimit: number;
}

export interface CallContext {
  /** The transaction for write methods, the database otherwise. */
  db: Queryable;
  site: Site;
  /** Present whenever the method's auth is "session". */
  session: Session | null;
  ip: string;
  country: string | null;
  language: Language;
  host: string;
  authority: string;
  now: Date;
  /** What the operation record says about this call (write methods): whom it acted on, what it changed. */
  audit: { targetId?: string; summary?: string; changes?: FieldChange[] };
  settings: GatewaySettings;
  /** Fields of the envelope some methods record (sign-in: terminal and device). */
  terminal: string;
  device: string;
  /** Runs `task` once the call's effect is committed (never when it rolls back or is a replay). */
  afterCommit(task: () => void): void;
  /** The call's idempotency key, for handlers that record it next to their effect (the score log). */
  requestKey: string | null;
  /**
   * The call's opsId is a session of a company main account, which a maintenance window does not
   * shut out (read from the session row before it is checked; the method's own auth still applies).
   */
  maintenanceExempt: boolean;
  /** The HTTP request's id, stored with a job the call starts so the job's log lines carry it. */
  requestId: string | null;
}

/**
 * What acting on accounts needs from a call. A background job builds one for the account that
 * started it, so an item runs through the same code, with the same checks, as the single call.
 */
export type ActingContext = Pick<CallContext, 'db' | 'now' | 'audit'> & {
  site: Pick<Site, 'id'>;
  session: Pick<Session, 'accountId' | 'status'> | null;
};

export type Handler = (ctx: CallContext, params: never) => Promise<unknown>;
