import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { exportFileName, toCsv, toXlsx, type Table } from './table-export';

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

  it('writes counts and percents as numbers with their own formats, never as guarded text', async () => {
    const report: Table = {
      caption: ['日报表'],
      header: ['day', 'bets', 'rate', 'amount'],
      rows: [['2026-11-20', { number: '1330', kind: 'count' }, { number: '-0.82', kind: 'percent' }, { number: '-12.50' }]],
    };
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await toXlsx(report, '日报表')) as never);
    const sheet = workbook.getWorksheet('日报表')!;
    expect(sheet.getCell('B3').value).toBe(1330);
    expect(sheet.getCell('B3').numFmt).toBe('0');
    expect(sheet.getCell('C3').value).toBe(-0.82);
    expect(sheet.getCell('C3').numFmt).toBe('0.00"%"');
    expect(sheet.getCell('D3').value).toBe(-12.5);
    expect(sheet.getCell('D3').numFmt).toBe('0.00');
    expect(toCsv(report)).toContain('2026-11-20,1330,-0.82,-12.50\r\n');
  });

  it('names a download by its title in the interface language, without what a file system refuses', () => {
    expect(exportFileName('日报表', '20261128-041500', 'xlsx')).toBe('日报表-20261128-041500.xlsx');
    expect(exportFileName('Deal record a/b:c', '20261128-041500', 'csv')).toBe('Deal record a_b_c-20261128-041500.csv');
  });
});
