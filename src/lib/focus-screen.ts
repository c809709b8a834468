const FIELD = 'input:not([type="hidden"]), select, textarea, button, [role="combobox"], [tabindex]:not([tabindex="-1"])';

/** Where a screen's work starts: its first filter, else its table. */
export function screenStart(root: ParentNode): HTMLElement | null {
  const filter = [...root.querySelectorAll<HTMLElement>('[role="search"]')]
    .flatMap((search) => [...search.querySelectorAll<HTMLElement>(FIELD)])
    .find((field) => !field.hasAttribute('disabled') && field.getAttribute('aria-hidden') !== 'true');
  return filter ?? root.querySelector<HTMLElement>('[role="table"][tabindex="0"], [role="grid"][tabindex="0"], table');
}

/**
 * After a screen is opened from the palette, moves the focus to its first filter or its table as
 * soon as the new screen shows one (it may load first); the main region when it has neither.
 * `previous` is the screen that was shown before, whose filters must not take the focus.
 */
export function focusScreenStart(previous: Element | null, giveUpAfterMs = 3000): void {
  const main = document.getElementById('main');
  if (!main) return;
  const settle = (final: boolean) => {
    if (!final && main.firstElementChild === previous) return false;
    const target = screenStart(main);
    if (!target && !final) return false;
    // The user moved on meanwhile (typed in a field, opened a dialog): leave the focus there.
    const active = document.activeElement;
    if (active && active !== document.body && active !== main && main.contains(active) && active !== target) return true;
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
  };
  observer.observe(main, { childList: true, subtree: true });
}
