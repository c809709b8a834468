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

  it('writes an xlsx workbook that a spreadsheet library reads back cell for cell', async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(toXlsx(table, 'Score log')) as never);
    const sheet = workbook.getWorksheet('Score log')!;
    expect(sheet.getRow(1).values).toEqual([undefined, 'serial', 'account', 'amount', 'comment']);
    expect(sheet.getCell('C2').value).toBe(1000.5);
    expect(sheet.getCell('C2').numFmt).toBe('0.00');
    expect(sheet.getCell('D3').value).toBe('=HYPERLINK("x")');
    expect(sheet.getCell('B4').value).toBe('会员<三>');
    expect(sheet.getCell('D4').value).toBe('line\nbreak & more');
    expect(sheet.rowCount).toBe(4);
  });
});
