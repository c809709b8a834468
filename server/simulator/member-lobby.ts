import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ErrorCode, type ErrorCodeValue } from '../../contract/errors.contract';
import { backOfficeCalls, lobbyRequestIdSchema, platformRefusalStatus } from '../../contract/platform-api.contract';
import type { Clock } from '../kernel/clock';
import type { GamePlatform } from '../platform/game-platform';
import { normaliseIp } from '../geo/ip-region';
import { BackOfficeRefusal, BackOfficeSilent, type BackOfficeClient } from './back-office-client';

/**
 * The simulator's own member lobby (docs/platform-api.md "The simulator as a platform"): what a
 * member's screen at the standalone platform calls, not part of the signed platform API. A
 * member signs in with the name and password it has at the back office (checked there: the
 * back office's sign-in check), gets a lobby token, and moves points between its back office
 * points and its wallet here (the back office's lobby transfers, which call this platform's
 * /transfers/in or /transfers/out in turn).
 *
 *   POST /member/sign-in   {siteId?, loginId, password}            -> {token, expiresAt, siteId, memberId, loginId, nickname, balance, wallet}
 *   POST /member/transfers {token, requestId, type: in|out, amount} -> {transferId, type, state, balance, wallet}
 *   POST /member/balance   {token}                                  -> {siteId, memberId, wallet}
 *   POST /member/sign-out  {token}                                  -> {}
 *
 * Amounts are cents as decimal strings, as in the platform API. A refusal is `{code}` with a
 * catalogue code: 400 a body that does not parse (-32700) or fit (100, 700 for a missing
 * siteId), 401 no such token or an expired one (2202), 409 the back office refused (its code),
 * 502 a transfer whose outcome is unknown (37101: ask again with the same requestId).
 */

/** A lobby token lives this long from its sign-in. */
export const MEMBER_TOKEN_TTL_MS = 60 * 60_000;

/** The lobby's paths, on the platform's HTTP server beside the platform API. */
export const memberLobbyPaths = {
  signIn: '/member/sign-in',
  transfers: '/member/transfers',
  balance: '/member/balance',
  signOut: '/member/sign-out',
} as const;

export interface MemberLobbyOptions {
  backOffice: BackOfficeClient;
  /** The platform's books: the members' wallets here. */
  platform: GamePlatform;
  clock: Clock;
  /** The site of the platform's key, used when a sign-in names none (`npm run platform -- --site`). */
  siteId?: string;
}

interface MemberSession {
  siteId: string;
  memberId: string;
  expiresAt: number;
}

const siteIdSchema = z.string().regex(/^[a-z0-9-]{2,32}$/, 'site-id');
const tokenSchema = z.string().regex(/^[A-Za-z0-9_-]{32,64}$/, 'token');
/** Positive cents the back office's ledger holds exactly (a JS number's safe range). */
const centsSchema = z
  .string()
  .regex(/^[1-9][0-9]{0,15}$/, 'cents')
  // Zod runs a refinement after a failed regex too: the digits are checked again before BigInt reads them.
  .refine((text) => /^[0-9]+$/.test(text) && BigInt(text) <= BigInt(Number.MAX_SAFE_INTEGER), 'cents');
const signInBody = z.object({
  siteId: siteIdSchema.optional(),
  loginId: z.string().min(1).max(64),
  password: z.string().min(1).max(128),
});
const tokenBody = z.object({ token: tokenSchema });
const transferBody = z.object({
  token: tokenSchema,
  requestId: lobbyRequestIdSchema,
  type: z.enum(['in', 'out']),
  amount: centsSchema,
});
const memberIp = z.union([z.ipv4(), z.ipv6()]);
const signInAnswer = backOfficeCalls.lobbySignIn.answer;
const transferAnswer = backOfficeCalls.lobbyTransfer.answer;

class LobbyRefusal extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCodeValue,
    readonly extra: Record<string, string> = {},
  ) {
    super(`member lobby refusal ${code}`);
  }
}

function send(reply: FastifyReply, status: number, body: unknown) {
  return reply.code(status).type('application/json; charset=utf-8').send(JSON.stringify(body));
}

/** The body read with a schema: a refusal names the first field at fault, never the value. */
function read<T extends z.ZodType>(request: FastifyRequest, schema: T): z.output<T> {
  let json: unknown;
  try {
    json = JSON.parse(typeof request.body === 'string' ? request.body : '');
  } catch {
    throw new LobbyRefusal(platformRefusalStatus.badRequest, ErrorCode.parseError);
  }
  const parsed = schema.safeParse(json);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const field = String(issue.path[0] ?? '');
  const missing = issue.code === 'invalid_type' && (json as Record<string, unknown> | null)?.[field] === undefined;
  throw new LobbyRefusal(platformRefusalStatus.badRequest, missing ? ErrorCode.missingParams : ErrorCode.invalidParams, { field });
}

/** The member's address as this server sees it: what the back office's attempt counters count by. */
function ipOf(request: FastifyRequest) {
  const ip = normaliseIp(request.ip);
  return memberIp.safeParse(ip).success ? ip : '0.0.0.0';
}

/** A lobby route: its answer, or its refusal (the lobby's, the back office's) with its code, never a stack. */
function lobbyRoute(app: FastifyInstance, path: string, serve: (request: FastifyRequest) => Promise<unknown>) {
  app.post(path, async (request, reply) => {
    try {
      return send(reply, 200, await serve(request));
    } catch (error) {
      if (error instanceof LobbyRefusal) return send(reply, error.status, { code: error.code, ...error.extra });
      if (error instanceof BackOfficeRefusal) return send(reply, platformRefusalStatus.refused, { code: error.code });
      if (error instanceof BackOfficeSilent) {
        request.log.warn({ path }, 'the back office did not answer a lobby transfer');
        return send(reply, 502, { code: ErrorCode.thirdPartyEmptyResult });
      }
      // Never the error to the member (no stack): the log has it.
      request.log.error({ err: error, path }, 'the member lobby failed');
      return send(reply, 500, { code: ErrorCode.unknownException });
    }
  });
}

/** Registers the lobby's routes on the platform's server (its body parser hands them the body as text). */
export function registerMemberLobby(app: FastifyInstance, options: MemberLobbyOptions) {
  const { backOffice, platform, clock } = options;
  // Memory is enough for the simulator: a restart signs every member out, which a lobby token
  // may be at any time anyway (a real platform keeps them where all its processes see them).
  const sessions = new Map<string, MemberSession>();

  const sessionOf = (token: string): MemberSession => {
    const session = sessions.get(token);
    if (!session || session.expiresAt <= clock.now().getTime()) {
      sessions.delete(token);
      throw new LobbyRefusal(platformRefusalStatus.signature, ErrorCode.authFailed);
    }
    return session;
  };
  const forgetExpired = () => {
    const now = clock.now().getTime();
    for (const [token, session] of sessions) if (session.expiresAt <= now) sessions.delete(token);
  };
  const wallet = async (session: { siteId: string; memberId: string }) => String(await platform.balance(session));
  const route = (path: string, serve: (request: FastifyRequest) => Promise<unknown>) => lobbyRoute(app, path, serve);

  route(memberLobbyPaths.signIn, async (request) => {
    const body = read(request, signInBody);
    const siteId = body.siteId ?? options.siteId;
    if (!siteId) throw new LobbyRefusal(platformRefusalStatus.badRequest, ErrorCode.missingParams, { field: 'siteId' });
    const device = request.headers['user-agent'];
    const answer = await backOffice.lobbySignIn({
      siteId,
      loginId: body.loginId,
      password: body.password,
      ip: ipOf(request),
      ...(typeof device === 'string' ? { device: device.slice(0, 512) } : {}),
    });
    forgetExpired();
    const token = randomBytes(32).toString('base64url');
    const session = { siteId, memberId: answer.member.accountId, expiresAt: clock.now().getTime() + MEMBER_TOKEN_TTL_MS };
    sessions.set(token, session);
    const encoded = z.encode(signInAnswer, answer);
    return {
      token,
      expiresAt: new Date(session.expiresAt).toISOString(),
      siteId,
      memberId: session.memberId,
      loginId: encoded.loginId,
      nickname: encoded.nickname,
      balance: encoded.balance,
      wallet: await wallet(session),
    };
  });

  route(memberLobbyPaths.transfers, async (request) => {
    const body = read(request, transferBody);
    const session = sessionOf(body.token);
    const answer = await backOffice.lobbyTransfer({
      siteId: session.siteId,
      requestId: body.requestId,
      memberId: session.memberId,
      type: body.type,
      amount: BigInt(body.amount),
      ip: ipOf(request),
    });
    return { ...z.encode(transferAnswer, answer), wallet: await wallet(session) };
  });

  route(memberLobbyPaths.balance, async (request) => {
    const session = sessionOf(read(request, tokenBody).token);
    return { siteId: session.siteId, memberId: session.memberId, wallet: await wallet(session) };
  });

  route(memberLobbyPaths.signOut, async (request) => {
    sessions.delete(read(request, tokenBody).token);
    return {};
  });
}
