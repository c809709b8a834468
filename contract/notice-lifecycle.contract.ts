// Plain TypeScript without zod: the notice machine and the screens' badges read it.

/** What a reader or writer is told of a notice (docs/product.md#notices); the database keeps only draft or published. */
export const noticeStatuses = ['draft', 'waiting', 'sending', 'complete'] as const;
export type NoticeStatus = (typeof noticeStatuses)[number];

/** What the database keeps: waiting, sending and complete follow from the window and the clock. */
export type StoredNoticeStatus = 'draft' | 'published';

/** `site`: the back office (landing page, marquee); `app`: the members' app (docs/product.md#notices). */
export const noticeKinds = ['site', 'app'] as const;
export type NoticeKind = (typeof noticeKinds)[number];

/** A notice must be written in these before it can be stored; vi and id are optional. */
export const requiredNoticeLanguages = ['zh', 'en', 'th'] as const;
