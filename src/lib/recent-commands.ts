const KEY = 'credit-recent-commands';
const LIMIT = 5;

export function recentCommandIds(): string[] {
  try {
    const ids = JSON.parse(localStorage.getItem(KEY) ?? '[]') as unknown;
    return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

export function rememberCommand(id: string): void {
  localStorage.setItem(KEY, JSON.stringify([id, ...recentCommandIds().filter((other) => other !== id)].slice(0, LIMIT)));
}
