import { noticeMethods } from '../../contract/notice.contract';
import type { PlatformFor } from '../platform/game-platform';
import { defineRouter } from '../kernel/handler';
import { gameNoticeHandlers } from './game-notice.handlers';
import { noticeHandlers } from './notice.handlers';

/** The notice namespace: the back office's notices and the game notices the platform shows its members. */
export const noticeRouter = (platformFor: PlatformFor) =>
  defineRouter(noticeMethods, { ...noticeHandlers, ...gameNoticeHandlers(platformFor) });
