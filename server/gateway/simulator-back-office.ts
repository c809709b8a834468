import { ingestPlatformFeed } from '../games/feed-ingest';
import { endEmptySession, transferIn, transferOut } from '../points/game-transfers';
import type { SimulatorBackOffice } from '../simulator/simulator-runtime';

/** The back office's side of the embedded platform's play: its transfers and its feed read, as the gateway runs them for any caller. */
export const simulatorBackOffice: SimulatorBackOffice = {
  transferIn,
  transferOut,
  endEmptySession,
  ingestFeed: (db, platformFor, now) => ingestPlatformFeed(db, platformFor, now),
};
