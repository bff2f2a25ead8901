// The sandbox's worker thread: runs one user script at a time inside QuickJS (a JavaScript engine compiled to
// WebAssembly). Plain JavaScript rather than TypeScript so that it loads the same under tsx, vitest and node.
//
// Why this is safe: the script gets a fresh QuickJS runtime per call, and QuickJS has no host objects at all — no
// process, require, import, fetch, timers or file system; the only bridge is `console.log`, which collects
// strings. Data crosses as JSON text. Limits: an interrupt handler stops the script at its deadline, the runtime's
// memory limit stops an endless allocation, the stack limit stops endless recursion. Running here, in a worker
// thread, keeps the server's event loop free while a script runs; pool.ts kills this thread if it ever overruns.
import { parentPort } from 'node:worker_threads';
import { getQuickJS, shouldInterruptAfterDeadline } from 'quickjs-emscripten';

const QuickJS = await getQuickJS();
/** The file name user code is compiled under: error positions are read back from it. */
const SCRIPT_FILE = 'script.js';
const LOG_LINES_MAX = 100;
const LOG_LINE_CHARS = 1000;
/** A worker whose WebAssembly memory grew beyond this is replaced after its call (the memory never shrinks). */
const RECYCLE_BYTES = 256 * 1024 * 1024;
const wasmBytes = () => QuickJS.getWasmMemory().buffer.byteLength;

/** line/column of the first position in a QuickJS stack that is in the user's script. */
function positionOf(error) {
  const text = `${error?.stack ?? ''}`;
  const m = /script\.js:(\d+)(?::(\d+))?/.exec(text);
  if (m) return { line: Number(m[1]), ...(m[2] ? { column: Number(m[2]) } : {}) };
  if (typeof error?.lineNumber === 'number') return { line: error.lineNumber };
  return {};
}

/** Turns what QuickJS threw into the answer's error; the limits are told apart by QuickJS's own messages. */
function failureOf(dumped, limits, timedOut, overMemory = false) {
  const message = typeof dumped === 'object' && dumped ? `${dumped.message ?? ''}` : `${dumped}`;
  const name = typeof dumped === 'object' && dumped ? `${dumped.name ?? 'Error'}` : 'Error';
  if (overMemory || message === 'out of memory' || dumped === null) {
    return { code: 'SCRIPT_MEMORY', message: `The script used more than its memory limit of ${Math.round(limits.memoryBytes / 1048576)} MB and was stopped.` };
  }
  if (timedOut || message === 'interrupted') {
    return { code: 'SCRIPT_TIMEOUT', message: `The script ran longer than its limit of ${limits.timeMs} ms and was stopped.` };
  }
  if (/stack overflow/i.test(message)) return { code: 'SCRIPT_STACK', message: 'The script recursed too deeply (stack overflow) and was stopped.' };
  const where = positionOf(dumped);
  const at = where.line ? ` (line ${where.line}${where.column ? `, column ${where.column}` : ''})` : '';
  return { code: name === 'SyntaxError' ? 'SCRIPT_SYNTAX' : 'SCRIPT_ERROR', message: `${name}: ${message}${at}`, ...where };
}

function run(job) {
  const { code, entry, inputJson, limits, compileOnly, batch } = job;
  const runtime = QuickJS.newRuntime();
  const deadline = Date.now() + limits.timeMs;
  let timedOut = false;
  let overMemory = false;
  const interrupt = shouldInterruptAfterDeadline(deadline);
  // QuickJS's malloc limit does not count every buffer (typed arrays slip past it in this build), so the
  // interrupt handler also watches the WebAssembly memory itself: growth beyond the limit stops the script.
  const memoryCeiling = wasmBytes() + limits.memoryBytes;
  runtime.setInterruptHandler(() => {
    if (interrupt()) return (timedOut = true);
    if (wasmBytes() > memoryCeiling) return (overMemory = true);
    return false;
  });
  runtime.setMemoryLimit(limits.memoryBytes);
  runtime.setMaxStackSize(limits.stackBytes);
  const vm = runtime.newContext();
  const logs = [];
  try {
    const log = vm.newFunction('log', (...args) => {
      if (logs.length >= LOG_LINES_MAX) return;
      logs.push(args.map((a) => { const v = vm.dump(a); return typeof v === 'string' ? v : JSON.stringify(v); }).join(' ').slice(0, LOG_LINE_CHARS));
    });
    const consoleObject = vm.newObject();
    vm.setProp(consoleObject, 'log', log);
    vm.setProp(vm.global, 'console', consoleObject);
    consoleObject.dispose();
    log.dispose();

    const compiled = vm.evalCode(code, SCRIPT_FILE, compileOnly ? { compileOnly: true } : { type: 'global' });
    if (compiled.error) {
      const dumped = vm.dump(compiled.error);
      compiled.error.dispose();
      return { ok: false, error: failureOf(dumped, limits, timedOut, overMemory), logs };
    }
    compiled.value.dispose();
    if (compileOnly) return { ok: true, logs };

    const kind = vm.getProp(vm.global, entry).consume((h) => vm.typeof(h));
    if (kind !== 'function') return { ok: false, error: { code: 'SCRIPT_NO_ENTRY', message: `The script must define a function ${entry}.` }, logs };

    // The input goes in as one string and is parsed inside, so that no host object ever enters the sandbox.
    vm.newString(inputJson).consume((s) => vm.setProp(vm.global, '__shelfpadInput', s));
    const call = vm.evalCode(
      `(function () { var input = JSON.parse(globalThis.__shelfpadInput); delete globalThis.__shelfpadInput;` +
        // A batch is a list of argument lists: one sandbox call decorates many products (an import's labels).
        (batch ? ` var out = input.map(function (args) { return ${entry}.apply(undefined, args); });` : ` var out = ${entry}.apply(undefined, input);`) +
        ` var json = JSON.stringify(out); return json === undefined ? 'null' : json; })()`,
      'run.js',
    );
    if (call.error) {
      const dumped = vm.dump(call.error);
      call.error.dispose();
      return { ok: false, error: failureOf(dumped, limits, timedOut, overMemory), logs };
    }
    const outputJson = call.value.consume((h) => vm.getString(h));
    return { ok: true, outputJson, logs };
  } catch (error) {
    // QuickJS itself gave up (memory exhausted while building an error, a WebAssembly trap).
    const failure = failureOf(error instanceof Error ? { name: error.name, message: error.message } : null, limits, timedOut, overMemory);
    return { ok: false, error: failure.code === 'SCRIPT_ERROR' ? { ...failure, code: 'SANDBOX_FAULT' } : failure, logs };
  } finally {
    try {
      vm.dispose();
      runtime.dispose();
    } catch {
      // A runtime stopped at its memory limit may refuse a clean dispose; the next call gets a new one anyway.
    }
  }
}

parentPort.on('message', (job) => {
  const started = performance.now();
  const answer = run(job);
  // After QuickJS ran out of memory or stack its WebAssembly state is not to be trusted (a later call may trap):
  // the pool replaces this worker with a fresh one.
  const recycle = (!answer.ok && ['SCRIPT_MEMORY', 'SCRIPT_STACK', 'SANDBOX_FAULT'].includes(answer.error.code)) || wasmBytes() > RECYCLE_BYTES;
  parentPort.postMessage({ id: job.id, ms: performance.now() - started, recycle, ...answer });
});
parentPort.postMessage({ ready: true });
