import { z } from 'zod';
import { ErrorCode } from '../../contract/errors.contract';
import {
  BACK_OFFICE_PLATFORM_PREFIX,
  backOfficeCalls,
  platformCalls,
  platformRefusalSchema,
  platformRefusalStatus,
  platformSignatureHeaders,
  type PlatformCallName,
} from '../../contract/platform-api.contract';

type JsonSchema = Record<string, unknown>;

/** The wire form of a schema (its codecs' input side: strings for cents and times). */
function wireSchema(schema: z.ZodType): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io: 'input',
    unrepresentable: 'any',
  }) as JsonSchema;
  return rest;
}

const headerParameters = {
  keyId: { description: 'The key id the platform was given with its secret.', pattern: '^[A-Za-z0-9_.-]{1,64}$' },
  timestamp: {
    description: 'Unix time in whole seconds; refused when more than 300 s from the receiver’s clock.',
    pattern: '^[0-9]{1,12}$',
  },
  nonce: {
    description: 'Never repeated by one key within the window; a repeat is refused as a replay.',
    pattern: '^[A-Za-z0-9_-]{16,64}$',
  },
  signature: {
    description: 'Lowercase hex HMAC-SHA256 of the string to sign (docs/platform-api.md "Signing").',
    pattern: '^[0-9a-f]{64}$',
  },
} as const;

const refusal = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Refusal' } } },
});

interface CallDefinition {
  summary: string;
  effect: string;
  request: z.ZodType;
  answer: z.ZodType;
  refusals: readonly number[];
}

function operation(name: string, definition: CallDefinition, description?: string) {
  const refusals = definition.refusals;
  return {
    post: {
      operationId: name,
      summary: definition.summary,
      ...(description ? { description } : {}),
      // Read by a vendor and by the adapter's rules: what an unreadable answer means.
      'x-effect': definition.effect,
      parameters: (Object.keys(headerParameters) as (keyof typeof headerParameters)[]).map((key) => ({
        $ref: `#/components/parameters/${key}`,
      })),
      requestBody: { required: true, content: { 'application/json': { schema: wireSchema(definition.request) } } },
      responses: {
        '200': {
          description: 'Done (or already done: a transfer id is applied once).',
          content: { 'application/json': { schema: wireSchema(definition.answer) } },
        },
        [platformRefusalStatus.badRequest]: refusal(
          `The body is not JSON (${ErrorCode.parseError}) or breaks the schema (${ErrorCode.invalidParams}). Nothing applied.`,
        ),
        [platformRefusalStatus.signature]: refusal(
          `Signature refused (${ErrorCode.thirdPartySignature}): unknown key, wrong signature, timestamp off, nonce seen. Nothing applied.`,
        ),
        ...(refusals.length > 0
          ? { [platformRefusalStatus.refused]: refusal(`Refused for certain (${refusals.join(', ')}). Nothing applied.`) }
          : {}),
        [platformRefusalStatus.tooLarge]: refusal(`The body is too large (${ErrorCode.bodyTooLarge}). Nothing applied.`),
        '5XX': { description: 'The outcome is unknown: the caller asks again or reads the record of the transfer id.' },
      },
    },
  };
}

/**
 * The platform API as OpenAPI 3.1 (served at GET /api/platform/openapi.json), generated from
 * contract/platform-api.contract.ts: the paths are relative to the platform's base URL.
 */
export function platformOpenApiDocument() {
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      title: 'Game platform API (back office <-> platform)',
      version: '1',
      description:
        'What a game platform serves to the credit back office (paths), and what the back office serves to the platform at its gateway under /api/platform/ (webhooks: the member sign-in check and transfers asked for at the lobby). Every call is a signed POST with a JSON body; cents travel as decimal strings, times as ISO-8601 strings. The prose guide is docs/platform-api.md.',
    },
    servers: [
      {
        url: '{baseUrl}',
        variables: {
          baseUrl: { default: 'https://platform.example/api/v1', description: 'The platform’s base URL as configured for the site' },
        },
      },
    ],
    paths: Object.fromEntries(
      (Object.keys(platformCalls) as PlatformCallName[]).map((name) => [platformCalls[name].path, operation(name, platformCalls[name])]),
    ),
    // The other direction: what the back office serves to the platform, at its own address.
    webhooks: Object.fromEntries(
      (Object.keys(backOfficeCalls) as (keyof typeof backOfficeCalls)[]).map((name) => {
        const path = BACK_OFFICE_PLATFORM_PREFIX + backOfficeCalls[name].path;
        return [
          name,
          {
            ...operation(
              name,
              backOfficeCalls[name],
              `The platform calls the back office: POST <back office gateway>${path}, signed the same way.`,
            ),
            'x-path': path,
          },
        ];
      }),
    ),
    components: {
      parameters: Object.fromEntries(
        (Object.keys(headerParameters) as (keyof typeof headerParameters)[]).map((key) => [
          key,
          {
            name: platformSignatureHeaders[key],
            in: 'header',
            required: true,
            description: headerParameters[key].description,
            schema: { type: 'string', pattern: headerParameters[key].pattern },
          },
        ]),
      ),
      schemas: { Refusal: wireSchema(platformRefusalSchema) },
    },
  };
}
