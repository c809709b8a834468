import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { toCsv, toXlsx, type Table } from './table-export';

const table: Table = {
  header: ['serial', 'account', 'amount', 'comment'],
  rows: [
    ['1', 'mb001', { number: '1000.50' }, 'first, "quoted"'],
    ['2', 'mb002', { number: '-20.00' }, '=HYPERLINK("x")'],
    ['3', '会员<三>', { number: '0.05' }, 'line\nbreak & more'],
  ],
};

describe('table export', () => {
  it('writes RFC 4180 CSV with a BOM, quoting, and formula text defused (numbers kept)', () => {
    const csv = toCsv(table);
    expect(csv.startsWith('\uFEFFserial,account,amount,comment\r\n')).toBe(true);
    expect(csv).toContain('1,mb001,1000.50,"first, ""quoted"""\r\n');
    expect(csv).toContain(`2,mb002,-20.00,"'=HYPERLINK(""x"")"\r\n`);
    expect(csv).toContain('3,会员<三>,0.05,"line\nbreak & more"\r\n');
  });

  it('builds an xlsx workbook with exceljs that reads back as the table: numbers as numbers, formula text guarded', async () => {
    const bytes = await toXlsx(table, 'Score log');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as never);
    const sheet = workbook.getWorksheet('Score log')!;
    expect(sheet.rowCount).toBe(4);
    const read = [1, 2, 3, 4].map((r) => [1, 2, 3, 4].map((c) => sheet.getRow(r).getCell(c).value));
    expect(read).toEqual([
      ['serial', 'account', 'amount', 'comment'],
      ['1', 'mb001', 1000.5, 'first, "quoted"'],
      ['2', 'mb002', -20, `'=HYPERLINK("x")`],
      ['3', '会员<三>', 0.05, 'line\nbreak & more'],
    ]);
    expect(typeof sheet.getCell('C3').value).toBe('number');
    expect(sheet.getCell('C2').numFmt).toBe('0.00');
    expect(sheet.getCell('D3').formula).toBeUndefined();
  });
});
