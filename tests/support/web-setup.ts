import { loadClassMerge } from '@/lib/utils';

// The signed-in app awaits tailwind-merge before it shows (src/lib/utils.ts): so do its screens' tests.
await loadClassMerge();
