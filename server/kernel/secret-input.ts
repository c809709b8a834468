import { readFile } from 'node:fs/promises';

/**
 * How the operator's scripts take a secret (`npm run site -- platform`, `npm run platform`,
 * `npm run platform:check`): from a file or from standard input, never as an argument. An argument
 * shows in npm's echo of the command, in `ps` and in the shell's history.
 */

/** The options each script adds to its parseArgs table. */
export const secretOptions = {
  'secret-file': { type: 'string' },
  'secret-stdin': { type: 'boolean' },
} as const;

export type SecretSource = { kind: 'file'; path: string } | { kind: 'stdin' };

/** A secret passed the wrong way, or one that could not be read: one line for the operator, nothing changed. */
export class SecretInputRefusal extends Error {}

export const SECRET_ARGUMENT_REFUSED =
  'Refused: --secret takes no value on the command line (npm echoes it, ps and the shell history keep it). ' +
  'Pass it with --secret-file <path> (a file only you can read), or --secret-stdin (a pipe, or typed without echo when asked).';

/** Throws SecretInputRefusal when the command line holds `--secret` or `--secret=…`: checked before parsing, so the value is never echoed back. */
export function refuseSecretArgument(argv: readonly string[]): void {
  if (argv.some((arg) => arg === '--secret' || arg.startsWith('--secret='))) throw new SecretInputRefusal(SECRET_ARGUMENT_REFUSED);
}

/** The source the parsed options name; standard input when they name none. */
export function secretSourceOf(values: { 'secret-file'?: string | undefined; 'secret-stdin'?: boolean | undefined }): SecretSource {
  const file = values['secret-file'];
  if (file !== undefined && values['secret-stdin']) throw new SecretInputRefusal('Give one of --secret-file <path> and --secret-stdin.');
  if (file !== undefined) {
    if (file === '') throw new SecretInputRefusal('Bad --secret-file: a path.');
    return { kind: 'file', path: file };
  }
  return { kind: 'stdin' };
}

/** Where standard input comes from; the process's own by default. */
export interface SecretTerminal {
  input: NodeJS.ReadableStream & { isTTY?: boolean; setRawMode?: (raw: boolean) => unknown };
  /** Where the prompt goes (never stdout, which a caller may read). */
  prompt: (text: string) => void;
}

const processTerminal = (): SecretTerminal => ({ input: process.stdin, prompt: (text) => process.stderr.write(text) });

/** The first line of a text, without its line break. */
const firstLine = (text: string) => text.split(/\r?\n/, 1)[0]!;

/**
 * Reads the secret: a file's first line, or one line of standard input (typed without echo on a
 * terminal, read from a pipe otherwise). The value's own rules are the caller's.
 */
export async function readSecret(source: SecretSource, label = 'Secret', terminal: SecretTerminal = processTerminal()): Promise<string> {
  if (source.kind === 'file') {
    try {
      return firstLine(await readFile(source.path, 'utf8'));
    } catch (error) {
      throw new SecretInputRefusal(`Cannot read --secret-file ${source.path}: ${(error as NodeJS.ErrnoException).code ?? 'unreadable'}.`);
    }
  }
  const { input } = terminal;
  if (input.isTTY && input.setRawMode) return typedSecret(terminal, label);
  return pipedLine(input);
}

/** One line of a pipe (or the whole of it, when it ends without a line break). */
function pipedLine(input: NodeJS.ReadableStream): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    const done = () => {
      input.off('data', onData);
      input.off('end', done);
      input.off('error', reject);
      input.pause();
      resolve(firstLine(text));
    };
    const onData = (chunk: Buffer | string) => {
      text += chunk.toString();
      if (/\r?\n/.test(text)) done();
    };
    input.on('data', onData);
    input.once('end', done);
    input.once('error', reject);
    input.resume();
  });
}

/** A line typed on the terminal with nothing echoed; Ctrl+C or Ctrl+D gives up. */
function typedSecret(terminal: SecretTerminal, label: string): Promise<string> {
  const input = terminal.input as NodeJS.ReadStream;
  terminal.prompt(`${label} (not shown; Enter to end): `);
  input.setRawMode(true);
  return new Promise((resolve, reject) => {
    let typed = '';
    const finish = (error?: Error) => {
      input.off('data', onData);
      input.setRawMode(false);
      input.pause();
      terminal.prompt('\n');
      if (error) reject(error);
      else resolve(typed);
    };
    const onData = (chunk: Buffer | string) => {
      for (const char of chunk.toString()) {
        if (char === '\r' || char === '\n') return finish();
        if (char === '\u0003' || char === '\u0004') return finish(new SecretInputRefusal('No secret typed: nothing changed.'));
        if (char === '\u007f' || char === '\b') typed = typed.slice(0, -1);
        else typed += char;
      }
    };
    input.on('data', onData);
    input.resume();
  });
}
