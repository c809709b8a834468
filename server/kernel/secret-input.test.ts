import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readSecret, refuseSecretArgument, SecretInputRefusal, secretSourceOf } from './secret-input';

/** A terminal: input that says it is one, its raw mode recorded, its prompts collected. */
function fakeTerminal() {
  const input = Object.assign(new PassThrough(), { isTTY: true, raw: [] as boolean[] });
  const shown: string[] = [];
  const setRawMode = (raw: boolean) => input.raw.push(raw);
  return { terminal: { input: Object.assign(input, { setRawMode }), prompt: (text: string) => shown.push(text) }, input, shown };
}

describe('secret input', () => {
  it('refuses --secret and --secret=… wherever they stand, and nothing else', () => {
    expect(() => refuseSecretArgument(['platform', 'acme', '--secret', 'x'])).toThrow(SecretInputRefusal);
    expect(() => refuseSecretArgument(['--secret=x'])).toThrow(/--secret-file <path>.*--secret-stdin/);
    expect(() => refuseSecretArgument(['--secret-file', 'f', '--secret-stdin'])).not.toThrow();
  });

  it('takes one source: a file, standard input when none is named, never both', () => {
    expect(secretSourceOf({ 'secret-file': 'f' })).toEqual({ kind: 'file', path: 'f' });
    expect(secretSourceOf({})).toEqual({ kind: 'stdin' });
    expect(() => secretSourceOf({ 'secret-file': 'f', 'secret-stdin': true })).toThrow(SecretInputRefusal);
  });

  it('reads a line typed on a terminal in raw mode, echoing nothing of it, a backspace taking back a character', async () => {
    const { terminal, input, shown } = fakeTerminal();
    const read = readSecret({ kind: 'stdin' }, 'Platform secret', terminal);
    input.write('s3cr');
    input.write('x\u007fet\r');
    expect(await read).toBe('s3cret');
    expect(input.raw).toEqual([true, false]);
    expect(shown.join('')).toMatch(/^Platform secret \(not shown; Enter to end\): \n$/);
  });

  it('gives up on Ctrl+C at the prompt, leaving raw mode', async () => {
    const { terminal, input } = fakeTerminal();
    const read = readSecret({ kind: 'stdin' }, 'Secret', terminal);
    input.write('ab\u0003');
    await expect(read).rejects.toThrow(SecretInputRefusal);
    expect(input.raw).toEqual([true, false]);
  });

  it('reads the first line of a pipe, and a pipe that ends without a line break', async () => {
    const pipe = new PassThrough();
    const first = readSecret({ kind: 'stdin' }, 'Secret', { input: pipe, prompt: () => undefined });
    pipe.write('one\r\ntwo\n');
    expect(await first).toBe('one');
    const whole = new PassThrough();
    const second = readSecret({ kind: 'stdin' }, 'Secret', { input: whole, prompt: () => undefined });
    whole.end('only');
    expect(await second).toBe('only');
  });
});
