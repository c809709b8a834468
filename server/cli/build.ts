import { buildServer, serverBuildNeeded } from './server-build';
import { buildWeb, webBuildNeeded } from './web-build';

// `npm run build [-- --force]`: the server into dist/server and the web app into dist/web, each
// only when its sources changed. `--server`: the server only (`npm start` and `npm run platform`
// run it first; the start builds the web app itself, to print what an operator should read of it).
const force = process.argv.includes('--force');
const serverOnly = process.argv.includes('--server');

if (serverBuildNeeded() || force) {
  if (serverOnly) console.log('Building the server…');
  await buildServer();
  if (!serverOnly) console.log('server built into dist/server');
} else if (!serverOnly) {
  console.log('server up to date: nothing to build');
}

if (!serverOnly) {
  if (webBuildNeeded() || force) {
    // Whoever builds sees every warning of the build, the developers' notes too.
    for (const warning of await buildWeb({ all: true })) console.warn(warning);
    console.log('web app built into dist/web');
  } else {
    console.log('web app up to date (or not present yet): nothing to build');
  }
}
