import type { Language } from './command';

// The languages alone (the login's switcher shows them), without the palette's commands.
export const languages: { id: Language; titleKey: string; keywords: string[] }[] = [
  { id: 'zh', titleKey: 'language.zh', keywords: ['chinese', '中文', 'zh'] },
  { id: 'en', titleKey: 'language.en', keywords: ['english', '英文', 'en'] },
  { id: 'th', titleKey: 'language.th', keywords: ['thai', 'ไทย', 'th'] },
  { id: 'vi', titleKey: 'language.vi', keywords: ['vietnamese', 'tiếng việt', 'vi'] },
  { id: 'id', titleKey: 'language.id', keywords: ['indonesian', 'bahasa', 'id'] },
];
