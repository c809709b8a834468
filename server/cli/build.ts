import { buildWeb, webBuildNeeded } from './web-build';

// `npm run build`: the server runs from source (tsx); only the web app is built.
if (webBuildNeeded() || process.argv.includes('--force')) {
  // Whoever builds sees every warning of the build, the developers' notes too.
  for (const warning of await buildWeb({ all: true })) console.warn(warning);
  console.log('web app built into dist/web');
} else {
  console.log('web app up to date (or not present yet): nothing to build');
}
