import type { Level } from '../contract/method.contract';
import type { MethodName, ParamsIn, ResultOf } from '../contract/methods.contract';

export type Language = 'zh' | 'en' | 'th' | 'vi' | 'id';
export type Theme = 'black' | 'red';

/** What a command may know about the user to decide whether it is offered. */
export interface Rights {
  /** The main account the session acts for: actions act on its direct children. */
  userId: string;
  level: Level;
  /** Access codes (docs/product.md#access-codes; main accounts hold them all). */
  accessCodes: readonly number[];
  /** Session type 9: a sub-account acting for its main account. */
  isSubAccount: boolean;
  /** Until the forced password change is done, only it (and logging out) is offered. */
  mustChangePassword: boolean;
  /** The site hides the finance screens from this agent (system.finance.isvisit). */
  financeHidden?: boolean;
  /** The signed-in account's own status and its line's (its own or an upline's line status); absent when unknown. */
  status?: number;
  lineStatus?: number;
}

/** What a command can do: the app provides it; commands never import screens. */
export interface CommandContext {
  rights: Rights;
  navigate(path: string): void;
  setLanguage(language: Language): void;
  setTheme(theme: Theme): void;
  toggleSidebar(): void;
  toggleTagsView(): void;
  /** Closes open screens' tabs around the active one (the notice tab is pinned); the phone has no tabs. */
  closeTags(which: 'others' | 'all' | 'right'): void;
  openSettings(): void;
  refreshPoints(): void;
  requestLogout(): void;
  /** Which entry runs the command: the desktop app or the phone's (/m/). */
  view: 'desktop' | 'mobile';
  /** Opens the other entry at the current screen, signed in as now. */
  switchView(): void;
  currentPath: string;
  language: Language;
  theme: Theme;
  /** The site's currency code ("CNY"): named once per figure or message, never per amount. */
  currency: string;
  /** The points of the account the session acts for (a sub-account's main account), when known: what a score up draws from. */
  ownBalance?: string;
  /** An amount string ("1000000.00") as the interface language writes it ("1,000,000.00"). */
  formatAmount(value: string): string;
  /** The app's typed gateway client. */
  call<M extends MethodName>(method: M, params: ParamsIn<M> & { requestKey?: string }): Promise<ResultOf<M>>;
  /**
   * Asks the user; resolves false when cancelled. Texts are already translated. Enter confirms,
   * unless the action is destructive: then Cancel is the default button.
   */
  confirm(request: { title: string; description: string; action: string; destructive?: boolean }): Promise<boolean>;
  /** A success message, or a refusal shown with its catalogue message. */
  report(outcome: { ok: true; message: string } | { ok: false; error: unknown }): void;
  /** Tells open account lists to reload, or (given methods) the screens showing those reads. */
  accountsChanged(methods?: readonly MethodName[]): void;
  t(key: string, values?: Record<string, unknown>): string;
  /** The export of the list the current screen shows (what its CSV and Excel buttons save), when it has one ready. */
  listExport?(): ListExport | null;
  /** The instant the balance screens show (ISO), null while they show balances as they are now. */
  asOf?(): string | null;
  /** Sets or (null) ends the as-of view: balances shown at that instant, actions that move points disabled. */
  setAsOf?(at: string | null): void;
}

/** A title or message with the currency its amounts are in, once: "Amount (CNY)". */
export const withCurrency = (text: string, currency: string | undefined) => (currency ? `${text} (${currency})` : text);

/** A screen's list as its export buttons save it. */
export interface ListExport {
  run(format: 'csv' | 'xlsx'): Promise<void> | void;
}

/** One choice on a nested page of the palette. */
export interface Choice {
  id: string;
  /** A translation key, or (for data such as account names) the text itself. */
  titleKey?: string;
  title?: string;
  detail?: string;
  keywords: readonly string[];
}

/** A nested page of the palette: what to pick next, given what was picked and what is typed. */
export interface CommandStep {
  placeholderKey: string;
  /** What to type, shown instead of "nothing matches" while nothing typed is a choice yet (already translated). */
  hint?(context: CommandContext, picked: readonly string[]): string | null;
  /** Choices come from the gateway when remote: the palette shows them as they come, unfiltered. */
  remote?: boolean;
  choices(context: CommandContext, picked: readonly string[], query: string): Choice[] | Promise<Choice[]>;
}

/** An account of the caller's line the palette found by its name, as the account search answers it. */
export type LineAccount = ResultOf<'gw.credit.account.search'>['list'][number];

/** A command run on an account the palette found: what its first steps take, and the entry's title. */
export interface AccountPick {
  /** The answers of its first steps: the account's userId, then (for some) the action. */
  picked: readonly string[];
  titleKey: string;
}

export interface Command {
  /** Stable id: the palette's value, the recent list and tests use it, never the translated title. */
  id: string;
  group: 'navigation' | 'accounts' | 'preferences' | 'session' | 'screen';
  titleKey: string;
  /** Extra words that find the command (aliases, other languages). */
  keywords: readonly string[];
  /** Key binding shown in the palette and bound by the app, e.g. "mod+shift+l". */
  shortcut?: string;
  /** For navigation commands: the menu group (commands/screens.ts) the palette lists them under, as the sidebar does. */
  menuGroup?: string;
  /** For navigation commands: the route they open (the sidebar renders these). */
  path?: string;
  /** Icon name (lucide) for menus. */
  icon?: string;
  /** Values for the title, themselves translation keys ("{{action}}…"). */
  titleValues?: Record<string, string>;
  /** Commands that ask for arguments open one nested page per step (an account, then an action…). */
  steps?: readonly CommandStep[];
  /**
   * For commands whose first step picks an account: the entries they offer on an account found by
   * name, those its status and the rights allow now (none when it does not apply).
   */
  onAccount?(account: LineAccount, rights: Rights): AccountPick[];
  when(rights: Rights): boolean;
  /** Offered only where this holds besides the rights (e.g. on a screen with a list to export). */
  available?(context: CommandContext): boolean;
  /** Commands of the desktop's layout (menu, tabs, settings panel): the phone's command sheet leaves them out. */
  desktopOnly?: true;
  /** Runs with what each step picked (nothing when run from a shortcut or menu). */
  run(context: CommandContext, picked: readonly string[]): void | Promise<void>;
}

export const always = () => true;
