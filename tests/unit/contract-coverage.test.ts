import { readdirSync, readFileSync } from 'node:fs';
import { validateOpenRPCDocument } from '@open-rpc/schema-utils-js';
import { describe, expect, it } from 'vitest';
import { languages } from '../../contract/common.contract';
import { allErrorCodes } from '../../contract/errors.contract';
import { contract, methodAliases, methodNames } from '../../contract/methods.contract';
import { createHandlers, openRpcDocument } from '../../server/gateway/handlers';
import { allErrorsOf } from '../../server/gateway/openrpc';

const localesDir = new URL('../../locales/', import.meta.url).pathname;
const readLocale = (language: string, file: string) =>
  JSON.parse(readFileSync(`${localesDir}${language}/${file}`, 'utf8')) as Record<string, unknown>;

function flatKeys(value: unknown, prefix = ''): string[] {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    return Object.entries(value).flatMap(([k, v]) => flatKeys(v, prefix ? `${prefix}.${k}` : k));
  }
  return [prefix];
}

describe('contract and handlers', () => {
  it('every contract method has a handler and every handler a contract entry', () => {
    for (const kind of ['pglite', 'postgres'] as const) {
      const handlerNames = Object.keys(createHandlers(kind)).sort();
      expect(handlerNames).toEqual([...methodNames].sort());
    }
  });

  it('every error code a method declares is in the catalogue', () => {
    for (const name of methodNames) {
      for (const code of allErrorsOf(contract[name])) expect(allErrorCodes, `${name} ${code}`).toContain(code);
    }
  });

  it('every params schema is an object, so params travel by name', () => {
    for (const name of methodNames) expect(contract[name].params.def.type, name).toBe('object');
  });
});

describe('OpenRPC document', () => {
  const document = openRpcDocument('http://localhost:8080/api');

  it('is valid against the OpenRPC meta-schema', () => {
    const validation = validateOpenRPCDocument(document as never);
    expect(validation === true ? true : String((validation as Error).message)).toBe(true);
  });

  it('the validator does catch a broken document', () => {
    const broken = { ...document, methods: [{ ...document.methods[0], params: 'nope' }] };
    expect(validateOpenRPCDocument(broken as never)).not.toBe(true);
  });

  it('describes every method of the contract with its errors, and the bare call names', () => {
    expect(document.methods.map((m) => m.name).sort()).toEqual([...methodNames, ...Object.keys(methodAliases)].sort());
    const layer = document.methods.find((m) => m.name === 'gw.credit.notice.layer.list')!;
    expect(layer.params.find((p) => p.name === 'opsId')).toMatchObject({ required: true });
    expect(layer.errors.map((e) => e.code)).toContain(2202);
    const template = document.methods.find((m) => m.name === 'gw.credit.sn.template.get')!;
    expect(template.errors.map((e) => e.code)).not.toContain(2250);
  });

  // Which address it names (a host of the site's own, never the raw Host header) is tested
  // through the gateway: tests/gateway/sign-in-hardening.test.ts.
});

describe('locales', () => {
  const files = readdirSync(`${localesDir}en`).filter((f) => f.endsWith('.json'));

  it('have the same keys in every language, each with a non-empty text', () => {
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const reference = flatKeys(readLocale('en', file)).sort();
      for (const language of languages) {
        const catalogue = readLocale(language, file);
        expect(flatKeys(catalogue).sort(), `${language}/${file}`).toEqual(reference);
        for (const key of reference) {
          const text = key.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown>)[k], catalogue);
          expect(typeof text === 'string' && text.trim().length > 0, `${language}/${file} ${key}`).toBe(true);
        }
      }
    }
  });

  it('give every catalogue error code a message in every language', () => {
    for (const language of languages) {
      const errors = readLocale(language, 'errors.json');
      expect(
        Object.keys(errors)
          .map(Number)
          .sort((a, b) => a - b),
        language,
      ).toEqual([...allErrorCodes].sort((a, b) => a - b));
    }
  });
});
