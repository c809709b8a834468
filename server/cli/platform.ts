import { BACK_OFFICE_PLATFORM_PREFIX, backOfficeCalls, platformCalls } from '../../contract/platform-api.contract';
import { memberLobbyPaths } from '../simulator/member-lobby';
import {
  parsePlatformArgs,
  PLATFORM_USAGE,
  PlatformArgsError,
  startPlatformProcess,
  type RunningPlatform,
} from '../simulator/platform-process';

// `npm run platform -- …`: the simulator as a game platform of its own (server/simulator/platform-process.ts).
let options;
try {
  options = await parsePlatformArgs(process.argv.slice(2), process.env);
} catch (error) {
  if (!(error instanceof PlatformArgsError)) throw error;
  console.error(error.message);
  process.exit(2);
}
if (!options) {
  console.log(PLATFORM_USAGE);
  process.exit(0);
}

const started: { platform?: RunningPlatform } = {};
let stopping = false;
// Registered before the database opens, so a Ctrl+C at any moment from here stops cleanly: during
// the start it is honoured once the database is open (closed, not cut off mid-migration).
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: stopping…`);
  if (!started.platform) return;
  await started.platform.stop();
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));

const running = await startPlatformProcess(options, (error) => console.error('Play failed:', error));
started.platform = running;
if (stopping) {
  await running.stop();
  process.exit(0);
}
const paths = Object.values(platformCalls).map((call) => call.path);
const backOfficePaths = Object.values(backOfficeCalls).map((call) => BACK_OFFICE_PLATFORM_PREFIX + call.path);
console.log(`
Game platform (the simulator) is up
  URL:          ${running.url}/  (POST ${paths.join(', ')})
  Signed with:  key id ${options.keyId} (its secret as given; never printed)
  Lobby:        ${running.url}/  (POST ${Object.values(memberLobbyPaths).join(', ')}; members of ${options.site ? `site ${options.site} unless they name another` : 'the site they name'})
  Back office:  ${options.backOffice}  (the lobby's sign-ins and transfers: POST ${backOfficePaths.join(', ')}, signed with the same key)
  Books:        ${running.where}
  Play:         ${options.rate > 0 ? `about ${options.rate} members with points here sit down per site and minute (seed "${options.seed}")` : 'nobody plays (--rate 0)'}
Press Ctrl+C to stop.`);
