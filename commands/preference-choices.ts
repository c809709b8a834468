import type { Language } from './command';

// The languages alone (the login's switcher shows them), without the palette's commands. Each is
// named in itself (`name`, as every locale's language group has it), so the login needs no text for them;
// the palette names them in the user's language (`language.<id>`).
export const languages: { id: Language; name: string; keywords: string[] }[] = [
  { id: 'zh', name: '中文', keywords: ['chinese', '中文', 'zh'] },
  { id: 'en', name: 'English', keywords: ['english', '英文', 'en'] },
  { id: 'th', name: 'ไทย', keywords: ['thai', 'ไทย', 'th'] },
  { id: 'vi', name: 'Tiếng Việt', keywords: ['vietnamese', 'tiếng việt', 'vi'] },
  { id: 'id', name: 'Bahasa Indonesia', keywords: ['indonesian', 'bahasa', 'id'] },
];
