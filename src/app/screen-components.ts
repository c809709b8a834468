import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { ScreenId } from '../../commands/screens';

/** Each screen of commands/screens.ts and its code, loaded when the screen is first opened. */
export const screenComponents: Record<ScreenId, LazyExoticComponent<ComponentType>> = {
  notice: lazy(() => import('@/features/notice/notice-screen')),
  noticeEditor: lazy(() => import('@/features/notice/notice-editor-screen')),
  accounts: lazy(() => import('@/features/accounts/account-list-screen')),
  searchAccount: lazy(() => import('@/features/search-account/search-account-screen')),
  stopList: lazy(() => import('@/features/accounts/stop-list-screen')),
  addAccount: lazy(() => import('@/features/accounts/add-account-screen')),
  editAccount: lazy(() => import('@/features/accounts/edit-account-screen')),
  settingScore: lazy(() => import('@/features/points/setting-score-screen')),
  pointRecord: lazy(() => import('@/features/points/point-record-screen')),
  operationRecord: lazy(() => import('@/features/audit/operation-record-screen')),
  sonAccount: lazy(() => import('@/features/sub-accounts/sub-account-screen')),
  videoOrder: lazy(() => import('@/features/bets/bet-record-screen')),
  winningReport: lazy(() => import('@/features/reports/win-loss-report-screen')),
  leaderboard: lazy(() => import('@/features/reports/leaderboard-screen')),
  tradingReport: lazy(() => import('@/features/reports/trading-report-screen')),
  bill: lazy(() => import('@/features/reports/bill-screen')),
  suggestion: lazy(() => import('@/features/notice/suggestion-screen')),
  onsiteBetting: lazy(() => import('@/features/bets/onsite-betting-screen')),
  exposureRating: lazy(() => import('@/features/exposure/exposure-rating-screen')),
  gameTransfer: lazy(() => import('@/features/transfers/game-transfer-screen')),
  gameLog: lazy(() => import('@/features/transfers/game-log-screen')),
  gameResult: lazy(() => import('@/features/games/game-result-screen')),
  gameSwitch: lazy(() => import('@/features/games/game-switch-screen')),
  deviceSwitch: lazy(() => import('@/features/games/device-switch-screen')),
  systemSetting: lazy(() => import('@/features/system-setting/system-setting-screen')),
  userWarning: lazy(() => import('@/features/user-warning/user-warning-screen')),
  changePassword: lazy(() => import('@/features/change-password/change-password-screen')),
};
