import { existsSync } from 'node:fs';
import PDFDocument from 'pdfkit';
import { formatCents, parseSignedCents } from '../../contract/amount.contract';
import type { Language } from '../../contract/common.contract';
import { ErrorCode } from '../../contract/errors.contract';
import { statementLines, type StatementDetail } from '../../contract/statement.contract';
import { exportText } from '../files/export-text';
import { RpcError } from '../kernel/rpc-error';

/**
 * The font each language's PDF is written in, from Debian's font packages (docs/product.md#statements):
 * fonts-noto-cjk for Chinese, fonts-thai-tlwg for Thai, fonts-dejavu-core for the Latin scripts
 * (Vietnamese's marks included). Each also holds the digits and Latin letters of logins and hashes.
 */
const FONTS: Record<Language, { file: string; family?: string; debian: string }> = {
  zh: { file: '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc', family: 'NotoSansCJKsc-Regular', debian: 'fonts-noto-cjk' },
  th: { file: '/usr/share/fonts/truetype/tlwg/Garuda.ttf', debian: 'fonts-thai-tlwg' },
  en: { file: '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf', debian: 'fonts-dejavu-core' },
  vi: { file: '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf', debian: 'fonts-dejavu-core' },
  id: { file: '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf', debian: 'fonts-dejavu-core' },
};

/** Thousands grouped, two decimals ("-1,234.50"), as the exports write amounts. */
function amountText(amount: string): string {
  const cents = parseSignedCents(amount) ?? 0n;
  const [whole, fraction] = formatCents(cents).split('.');
  return `${whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction}`;
}

/** A statement as a PDF in `language`: its title, period, lines (section, item, amount, count), serial and hash. */
export async function statementPdf(detail: StatementDetail, language: Language): Promise<Buffer> {
  const font = FONTS[language];
  if (!existsSync(font.file)) throw new RpcError(ErrorCode.unknownApplication, { rule: 'pdf-font-missing', field: font.debian });
  const t = (key: string, values: Record<string, string> = {}) => exportText(language, key, values);
  const content = detail.content;
  const doc = new PDFDocument({ size: 'A4', margin: 40, info: { Title: `statement-${detail.statementId}` } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve) => doc.on('end', () => resolve()));
  doc.registerFont('text', font.file, font.family);
  doc.font('text');
  doc.fontSize(15).text(t('statement.title', { id: detail.statementId, account: content.agent.loginId }));
  const days = content.lastDay && content.lastDay !== content.firstDay ? `${content.firstDay} – ${content.lastDay}` : content.firstDay;
  doc
    .moveDown(0.5)
    .fontSize(9)
    .text(`${t('statement.column.days')}: ${days}`);
  doc.text(`${t('statement.ledgerSerial')}: ${content.ledgerSerial}`);
  doc.text(`sha256 ${detail.contentHash}`);
  doc.moveDown(0.8);
  const columns = [40, 170, 400, 500];
  for (const line of statementLines(t, detail)) {
    if (doc.y > doc.page.height - 60) doc.addPage();
    const y = doc.y;
    doc.text(line.section, columns[0]!, y, { width: 125 });
    const itemEnd = doc.y;
    doc.text(line.item, columns[1]!, y, { width: 225 });
    const end = Math.max(itemEnd, doc.y);
    if (line.amount !== null) doc.text(amountText(line.amount), columns[2]!, y, { width: 90, align: 'right' });
    if (line.count !== null) doc.text(String(line.count), columns[3]!, y, { width: 55, align: 'right' });
    doc.x = columns[0]!;
    doc.y = end + 3;
  }
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}
