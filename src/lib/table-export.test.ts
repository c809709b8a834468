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

  it('builds an xlsx workbook with exceljs that reads back as the table: numbers as numbers, formula text a plain string cell', async () => {
    const bytes = await toXlsx(table, 'Score log');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as never);
    const sheet = workbook.getWorksheet('Score log')!;
    expect(sheet.rowCount).toBe(4);
    const read = [1, 2, 3, 4].map((r) => [1, 2, 3, 4].map((c) => sheet.getRow(r).getCell(c).value));
    expect(read).toEqual([
      ['serial', 'account', 'amount', 'comment'],
      ['1', 'mb001', 1000.5, 'first, "quoted"'],
      // A workbook's string cell is never run: the text stays as typed, no apostrophe to show.
      ['2', 'mb002', -20, '=HYPERLINK("x")'],
      ['3', '会员<三>', 0.05, 'line\nbreak & more'],
    ]);
    expect(typeof sheet.getCell('C3').value).toBe('number');
    expect(sheet.getCell('C2').numFmt).toBe('0.00');
    expect(sheet.getCell('D3').formula).toBeUndefined();
    expect(sheet.getCell('D3').type).toBe(ExcelJS.ValueType.String);
  });

  it('writes counts, serials, percents and times as numbers and dates with their own formats under one header row', async () => {
    const report: Table = {
      header: ['day', 'bets', 'rate', 'amount', 'serial', 'time'],
      rows: [
        [
          '2026-11-20',
          { number: '1330', kind: 'count' },
          { number: '-0.82', kind: 'percent' },
          { number: '-12.50' },
          { number: '461', kind: 'serial' },
          { time: '2026-11-20T04:05:06.000Z' },
        ],
      ],
    };
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await toXlsx(report, '日报表')) as never);
    const sheet = workbook.getWorksheet('日报表')!;
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getCell('A1').value).toBe('day');
    expect(sheet.getCell('B2').value).toBe(1330);
    expect(sheet.getCell('B2').numFmt).toBe('0');
    // The spreadsheet's own percent: the fraction, shown as -0.82%.
    expect(sheet.getCell('C2').value).toBe(-0.0082);
    expect(sheet.getCell('C2').numFmt).toBe('0.00%');
    expect(sheet.getCell('D2').value).toBe(-12.5);
    expect(sheet.getCell('D2').numFmt).toBe('0.00');
    expect(sheet.getCell('E2').value).toBe(461);
    expect(sheet.getCell('E2').numFmt).toBe('0');
    // Beijing's wall clock (12:05:06), as a date.
    expect(sheet.getCell('F2').value).toEqual(new Date('2026-11-20T12:05:06.000Z'));
    expect(sheet.getCell('F2').numFmt).toBe('yyyy-mm-dd hh:mm:ss');
    expect(toCsv(report)).toBe('\uFEFFday,bets,rate,amount,serial,time\r\n2026-11-20,1330,-0.82%,-12.50,461,2026-11-20 12:05:06\r\n');
  });

  it('names a download by its title in the interface language, without what a file system refuses', () => {
    expect(exportFileName('日报表', '20261128-041500', 'xlsx')).toBe('日报表-20261128-041500.xlsx');
    expect(exportFileName('Deal record a/b:c', '20261128-041500', 'csv')).toBe('Deal record a_b_c-20261128-041500.csv');
  });
});
