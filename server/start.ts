/*
 * The compiled server's entry: `npm start` and `npm run start:built` run build/server/start.cjs, made from this file by
 * scripts/build-server.mjs. It is CommonJS, which Node reads synchronously, so nothing has used libuv's thread pool
 * when the pool's size goes into the environment (threadpool.ts); only then is the server itself loaded.
 */
import { drawsCameraPicturesAtStart } from './early-sharp';
import { sizeThreadPool } from './threadpool';

sizeThreadPool();
// After the pool's size is set, synchronously, before main.mjs loads a module (early-sharp.ts says why).
// eslint-disable-next-line @typescript-eslint/no-require-imports -- an import would be hoisted above sizeThreadPool and load in every process
if (drawsCameraPicturesAtStart(process.env)) require('sharp');
// A string the bundler leaves alone: main.mjs is the other output of the same build, beside this file.
const main = './main.mjs';
void import(main);
