const FIELD = 'input:not([type="hidden"]), select, textarea, button, [role="combobox"], [tabindex]:not([tabindex="-1"])';
/** Layers over the screen (dialogs, drawers, menus, lists of choices): focus in them is no place to come back to. */
const LAYER = '[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"], [data-radix-popper-content-wrapper]';

/** Where a screen's work starts: the field it marks (data-focus-start), else its first filter, else its table. */
export function screenStart(root: ParentNode): HTMLElement | null {
  const marked = [...root.querySelectorAll<HTMLElement>('[data-focus-start]')].find((field) => !field.hasAttribute('disabled'));
  if (marked) return marked;
  const filter = [...root.querySelectorAll<HTMLElement>('[role="search"]')]
    .flatMap((search) => [...search.querySelectorAll<HTMLElement>(FIELD)])
    .find((field) => !field.hasAttribute('disabled') && field.getAttribute('aria-hidden') !== 'true');
  return filter ?? root.querySelector<HTMLElement>('[role="table"][tabindex="0"], [role="grid"][tabindex="0"], table');
}

/** Whether nothing holds the focus: the page's body has it, or the element that had it is gone. */
export function focusLost(): boolean {
  const active = document.activeElement;
  return !active || active === document.body || !active.isConnected;
}

/** Whether the focus is in a dialog, drawer or menu over the screen. */
const inLayer = (element: Element | null) => Boolean(element?.closest(LAYER));

// The last element focused on the page itself (not in a dialog, drawer or menu): where the user
// was before the palette or a dialog took the focus, given back when what opened it is gone.
let lastPlace: HTMLElement | null = null;
// A table that held the focus went away (its screen drilled down a level, or opened the next):
// the next table shown takes the focus, unless something took it meanwhile.
let tableLeft = false;
if (typeof document !== 'undefined') {
  document.addEventListener('focusin', (event) => {
    tableLeft = false;
    if (event.target instanceof HTMLElement && event.target !== document.body && !inLayer(event.target)) lastPlace = event.target;
  });
}

/** A table going away: whether it held the focus, which the next table shown then takes. */
export function tableGone(table: HTMLElement): void {
  if (table.contains(document.activeElement)) tableLeft = true;
}

/** A table shown: it takes the focus a table that went away held, when nothing holds it. */
export function tableShown(table: HTMLElement): void {
  if (!tableLeft || !focusLost()) return;
  tableLeft = false;
  table.focus({ preventScroll: true });
}

/** A field that takes typing: focused on a touch screen, it brings up the keyboard over the page. */
const typesText = (element: Element) =>
  element instanceof HTMLTextAreaElement ||
  (element instanceof HTMLElement && element.isContentEditable) ||
  (element instanceof HTMLInputElement &&
    !['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file'].includes(element.type));
const touchScreen = () => typeof window.matchMedia === 'function' && window.matchMedia('(pointer: coarse)').matches;

function tryFocus(element: Element | null | undefined): boolean {
  if (!(element instanceof HTMLElement) || !element.isConnected || element === document.body || inLayer(element)) return false;
  if (typesText(element) && touchScreen()) return false;
  element.focus({ preventScroll: true });
  return document.activeElement === element;
}

/**
 * After a dialog, drawer or the palette closed, gives the focus back when nothing holds it: to
 * `opener` (what had it when the layer opened), else to the last place on the page the user was,
 * else to the shown screen's start, else its main region (on a touch screen, never to a text field,
 * which would bring up the keyboard). Focus that went elsewhere stays there.
 */
export function focusBack(opener: Element | null): void {
  if (!focusLost()) return;
  const main = document.getElementById('main');
  if (tryFocus(opener) || tryFocus(lastPlace) || tryFocus(main ? screenStart(main) : null)) return;
  main?.focus();
}

let stopWaiting: (() => void) | undefined;

/**
 * After a screen is opened by a command, moves the focus to its start (the marked field, its first
 * filter or its table) as soon as the new screen shows one (it may load first); the main region
 * when it has neither. `previous` is the screen that was shown before, whose filters must not take
 * the focus. A later call replaces an earlier one still waiting.
 */
export function focusScreenStart(previous: Element | null, giveUpAfterMs = 3000): void {
  stopWaiting?.();
  const main = document.getElementById('main');
  if (!main) return;
  const settle = (final: boolean) => {
    if (!final && main.firstElementChild === previous) return false;
    const target = screenStart(main);
    if (!target && !final) return false;
    // The user moved on meanwhile (typed in a field, opened a dialog): leave the focus there.
    const active = document.activeElement;
    if (!focusLost() && active !== main && active !== target && (main.contains(active) || inLayer(active))) return true;
    (target ?? main).focus();
    return true;
  };
  if (settle(false)) return;
  const observer = new MutationObserver(() => {
    if (settle(false)) stop();
  });
  const timer = setTimeout(() => {
    stop();
    settle(true);
  }, giveUpAfterMs);
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
    if (stopWaiting === stop) stopWaiting = undefined;
  };
  stopWaiting = stop;
  observer.observe(main, { childList: true, subtree: true });
}
