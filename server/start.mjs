// `npm start`: builds what is stale, then runs the compiled server in this same process.
import { pathToFileURL } from 'node:url';
import { buildServerIfNeeded, buildWebIfNeeded, serverEntry } from './build.mjs';

buildWebIfNeeded();
await buildServerIfNeeded();
const { main } = await import(pathToFileURL(serverEntry).href);
await main();
