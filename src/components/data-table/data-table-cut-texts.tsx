import { useLayoutEffect, useState, type RefObject } from 'react';

interface CutText {
  column: string;
  header: string;
  text: string;
}

/** The active row's cells whose text is cut short, with their whole text (the cell's title, else its text). */
function cutTexts(table: HTMLElement): CutText[] {
  const cells = table.querySelectorAll<HTMLElement>('[role=row][data-active] [role=cell]');
  return [...cells]
    .filter((cell) => cell.scrollWidth > cell.clientWidth)
    .map((cell) => {
      const column = cell.dataset.column ?? '';
      const header = table.querySelector<HTMLElement>(`[role=columnheader][data-column="${CSS.escape(column)}"]`);
      return { column, header: header?.textContent?.trim() ?? '', text: cell.title || (cell.textContent ?? '') };
    })
    .filter((cut) => cut.text !== '');
}

/** Read again whenever the active row or the table's focus changes: hovering shows a cell's title, the keyboard this. */
export function useCutTexts(table: RefObject<HTMLElement | null>, activeIndex: number, focused: boolean, rowCount: number): CutText[] {
  const [texts, setTexts] = useState<CutText[]>([]);
  useLayoutEffect(() => {
    setTexts(focused && table.current ? cutTexts(table.current) : []);
  }, [table, activeIndex, focused, rowCount]);
  return texts;
}

/**
 * Under a focused table, the whole text of the active row's cells that are cut short: what a mouse
 * reads in their titles. A generic element (no role), so the table still holds only rows.
 */
export function DataTableCutTexts({ texts }: { texts: CutText[] }) {
  if (texts.length === 0) return null;
  return (
    <div
      aria-live="polite"
      data-testid="table-cut-texts"
      className="sticky bottom-0 left-0 z-10 border-t bg-popover px-3 py-1.5 text-xs text-popover-foreground shadow-sm"
    >
      {texts.map((cut) => (
        <p key={cut.column} className="break-words">
          <span className="font-medium">{cut.header}</span>
          {cut.header ? ': ' : ''}
          {cut.text}
        </p>
      ))}
    </div>
  );
}
