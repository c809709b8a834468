import { z } from 'zod';
import { envelopeParamNames, envelopeParamsSchema } from '../../contract/common.contract';
import { ErrorCode } from '../../contract/errors.contract';
import type { MethodDefinition } from '../../contract/method.contract';
import { passwordRule } from '../../contract/rules.contract';
import { isBreachedPassword } from '../kernel/breached-passwords';
import { storableText } from '../kernel/operation-log';
import { RpcError } from '../kernel/rpc-error';

/** Zod issues -> 700 when a required param is absent, else 100, naming the field and rule. */
function paramsError(error: z.ZodError, input: Record<string, unknown>): RpcError {
  const issue = error.issues[0];
  if (!issue) return new RpcError(ErrorCode.invalidParams);
  const field = issue.path.map(String).join('.');
  const top = issue.path[0];
  if (issue.input === undefined && typeof top === 'string' && input[top] === undefined) {
    return new RpcError(ErrorCode.missingParams, { field, rule: 'required' });
  }
  // Rules of contract/rules.contract.ts carry their own name ("password-uppercase") as message.
  const rule = /^[a-z0-9]+(-[a-z0-9]+)+$/.test(issue.message)
    ? issue.message
    : issue.code === 'invalid_format'
      ? `format:${issue.format}`
      : issue.code === 'invalid_type'
        ? `type:${issue.expected}`
        : issue.code;
  return new RpcError(ErrorCode.invalidParams, { field, rule });
}

// In a /u pattern a surrogate pair is one code point, so \p{Cs} matches only a lone surrogate.
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * What a string cannot be, whatever the method: PostgreSQL text holds no NUL character, and a
 * lone UTF-16 surrogate is no character at all (it cannot be stored as UTF-8 or JSON either).
 * Such a param is refused up front (100) instead of failing in the database.
 */
function textProblem(text: string): 'nul-character' | 'unpaired-surrogate' | null {
  if (text.includes('\u0000')) return 'nul-character';
  return LONE_SURROGATE.test(text) ? 'unpaired-surrogate' : null;
}

/** The first string (value or key) of the params that PostgreSQL could not store, with its path and rule. */
function badTextOf(value: unknown, path: string[] = [], depth = 0): { field: string; rule: string } | null {
  if (typeof value === 'string') {
    const rule = textProblem(value);
    return rule ? { field: path.join('.') || 'params', rule } : null;
  }
  if (depth > 8 || value === null || typeof value !== 'object') return null;
  for (const [key, item] of Object.entries(value)) {
    const keyRule = textProblem(key);
    if (keyRule) return { field: [...path, storableText(key)].join('.'), rule: keyRule };
    const found = badTextOf(item, [...path, key], depth + 1);
    if (found !== null) return found;
  }
  return null;
}

export interface CallParams {
  /** The envelope's own params (opsId, terminal, requestKey...). */
  envelope: z.infer<typeof envelopeParamsSchema>;
  /** The method's params, as its schema parsed them. */
  payload: Record<string, unknown>;
}

/**
 * A call's envelope checked, before anything else is read: text PostgreSQL could not store in
 * any param, then the envelope's own params (the session token among them). Throws the refusal
 * naming the field.
 */
export function parseEnvelope(rawParams: Record<string, unknown>): CallParams['envelope'] {
  const badText = badTextOf(rawParams);
  if (badText !== null) throw new RpcError(ErrorCode.invalidParams, badText);
  const envelope = envelopeParamsSchema.safeParse(rawParams, { reportInput: true });
  if (!envelope.success) throw paramsError(envelope.error, rawParams);
  return envelope.data;
}

const newPasswordFieldsOf = new WeakMap<MethodDefinition, string[]>();

/** The params that set a new password: those the contract declares with passwordRule (optional or not). */
function newPasswordFields(definition: MethodDefinition): string[] {
  let fields = newPasswordFieldsOf.get(definition);
  if (!fields) {
    const shape = definition.params instanceof z.ZodObject ? (definition.params.shape as Record<string, z.ZodType>) : {};
    fields = Object.entries(shape)
      .filter(([, schema]) => schema === passwordRule || (schema instanceof z.ZodOptional && schema.unwrap() === passwordRule))
      .map(([name]) => name);
    newPasswordFieldsOf.set(definition, fields);
  }
  return fields;
}

/**
 * The method's own params, by its zod schema: read once the caller's rights are known, so a
 * caller without them learns nothing of the params' rules. Throws the refusal naming the field.
 */
export function parsePayload(definition: MethodDefinition, rawParams: Record<string, unknown>): CallParams['payload'] {
  const payloadInput = Object.fromEntries(Object.entries(rawParams).filter(([k]) => !(envelopeParamNames as string[]).includes(k)));
  const parsed = definition.params.safeParse(payloadInput, { reportInput: true });
  if (!parsed.success) throw paramsError(parsed.error, payloadInput);
  const payload = parsed.data as Record<string, unknown>;
  // A new password that breaches made public is refused like any rule of it, before anything is done.
  for (const field of newPasswordFields(definition)) {
    const value = payload[field];
    if (typeof value === 'string' && isBreachedPassword(value))
      throw new RpcError(ErrorCode.invalidParams, { field, rule: 'password-breached' });
  }
  return payload;
}
