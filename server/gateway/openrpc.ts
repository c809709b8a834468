import { z } from 'zod';
import { envelopeParamsSchema } from '../../contract/common.contract';
import { ErrorCode, type ErrorCodeValue } from '../../contract/errors.contract';
import { stepUpsOf, type MethodDefinition } from '../../contract/method.contract';
import { methodAliases } from '../../contract/methods.contract';
import { errorMessage } from '../kernel/messages';

type JsonSchema = Record<string, unknown>;

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { target: 'draft-7', io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

/** Codes the dispatcher itself may answer for a method, before or around its handler. */
export function dispatcherErrors(definition: MethodDefinition): ErrorCodeValue[] {
  const codes: ErrorCodeValue[] = [ErrorCode.invalidParams, ErrorCode.unknownException];
  const shape = definition.params.shape as Record<string, z.ZodType>;
  if (Object.values(shape).some((field) => !field.safeParse(undefined).success)) codes.push(ErrorCode.missingParams);
  if (!definition.openWhileClosed) codes.push(ErrorCode.ipBlocked, ErrorCode.siteMaintenance);
  if (definition.auth === 'session') codes.push(ErrorCode.authFailed);
  // A session that must change its password first is refused everything else with 11003.
  if (definition.rights || (definition.auth === 'session' && !definition.openWhilePasswordForced)) codes.push(ErrorCode.notAuthorized);
  if (definition.effect === 'write' && definition.auth === 'session') codes.push(ErrorCode.illegalOperation);
  for (const stepUp of stepUpsOf(definition)) {
    codes.push(stepUp.secret === 'password' ? ErrorCode.oldPasswordWrong : ErrorCode.safeCodeWrong, ErrorCode.tooFrequentAccess);
  }
  return codes;
}

export function allErrorsOf(definition: MethodDefinition): ErrorCodeValue[] {
  return [...new Set([...dispatcherErrors(definition), ...definition.errors])].sort((a, b) => a - b);
}

/** The OpenRPC document of the gateway, generated from the contract (GET /api/openrpc.json, rpc.discover). */
export function buildOpenRpcDocument(
  contract: Record<string, MethodDefinition>,
  version: string,
  serverUrl: string,
  aliases: Readonly<Record<string, string>> = methodAliases,
) {
  const envelope = envelopeParamsSchema.shape;
  return {
    openrpc: '1.3.2',
    info: {
      title: 'Credit back office gateway',
      version,
      description:
        'JSON-RPC 2.0 over HTTP: POST /api with a JSON envelope or batch, POST /api with a form field "json" holding the envelope, or POST /api/<method> with the params as a JSON body.',
    },
    servers: [{ name: 'gateway', url: serverUrl }],
    methods: [
      ...Object.entries(contract),
      // The bare names (docs/product.md#the-gateway), each listed with its method's declaration.
      ...Object.entries(aliases).flatMap(([alias, name]) => (Object.hasOwn(contract, name) ? [[alias, contract[name]!] as const] : [])),
    ].map(([name, definition]) => {
      const shape = definition.params.shape as Record<string, z.ZodType>;
      const payload = Object.entries(shape).map(([field, schema]) => ({
        name: field,
        required: !schema.safeParse(undefined).success,
        schema: jsonSchema(schema, 'input'),
      }));
      const extra = [
        {
          name: 'opsId',
          required: definition.auth === 'session',
          schema: jsonSchema(envelope.opsId, 'input'),
          description: 'Session token (from login)',
        },
        ...(definition.effect === 'write' && definition.auth === 'session'
          ? [
              {
                name: 'requestKey',
                required: false,
                schema: jsonSchema(envelope.requestKey, 'input'),
                description: 'Idempotency key: a replay returns the first answer',
              },
            ]
          : []),
        {
          name: 'ztsLang',
          required: false,
          schema: { type: 'string', enum: ['zh', 'en', 'th', 'vi', 'id'] },
          description: 'Language of error messages (default zh)',
        },
        { name: 'terminal', required: false, schema: jsonSchema(envelope.terminal, 'input') },
        { name: 'fingerOSModel', required: false, schema: jsonSchema(envelope.fingerOSModel, 'input') },
        { name: 'host', required: false, schema: jsonSchema(envelope.host, 'input') },
      ];
      return {
        name,
        summary: Object.hasOwn(aliases, name) ? `Same as ${aliases[name]}: ${definition.summary}` : definition.summary,
        paramStructure: 'by-name',
        params: [...payload, ...extra],
        result: { name: 'result', schema: jsonSchema(definition.result, 'output') },
        errors: allErrorsOf(definition).map((code) => ({ code, message: errorMessage(code, 'en') })),
        ...(definition.rights ? { 'x-rights': definition.rights } : {}),
        ...(Object.hasOwn(aliases, name) ? { 'x-alias-of': aliases[name] } : {}),
        'x-auth': definition.auth,
        'x-effect': definition.effect,
      };
    }),
  };
}
