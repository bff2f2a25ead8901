// The sandbox's worker thread: runs one user script at a time inside QuickJS (a JavaScript engine compiled to
// WebAssembly). Plain JavaScript rather than TypeScript so that it loads the same under tsx, vitest and node.
//
// Why this is safe: the script gets a fresh QuickJS runtime per call, and QuickJS has no host objects at all — no
// process, require, import, fetch, timers or file system; the only bridge is `console.log`, which collects
// strings. Data crosses as JSON text, serialised here by the engine's own JSON (never the script's globals) within a
// row and size budget, so that the server's thread only ever receives a bounded string. Limits: an interrupt handler stops the script at its deadline, the runtime's
// memory limit stops an endless allocation, the stack limit stops endless recursion. Running here, in a worker
// thread, keeps the server's event loop free while a script runs; pool.ts kills this thread if it ever overruns.
import { parentPort } from 'node:worker_threads';
import { getQuickJS, shouldInterruptAfterDeadline } from 'quickjs-emscripten';

const QuickJS = await getQuickJS();
/** The file name user code is compiled under: error positions are read back from it. */
const SCRIPT_FILE = 'script.js';
const LOG_LINES_MAX = 100;
const LOG_LINE_CHARS = 1000;
const ERROR_CHARS_MAX = 2000;
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
  // Bounded: a script may throw a message of many megabytes, and it goes back to the caller.
  const message = (typeof dumped === 'object' && dumped ? `${dumped.message ?? ''}` : `${dumped}`).slice(0, ERROR_CHARS_MAX);
  const name = typeof dumped === 'object' && dumped ? `${dumped.name ?? 'Error'}`.slice(0, 100) : 'Error';
  if (overMemory || message === 'out of memory' || dumped === null) {
    return {
      code: 'SCRIPT_MEMORY',
      message: `The script used more than its memory limit of ${Math.round(limits.memoryBytes / 1048576)} MB and was stopped.`,
    };
  }
  if (timedOut || message === 'interrupted') {
    return { code: 'SCRIPT_TIMEOUT', message: `The script ran longer than its limit of ${limits.timeMs} ms and was stopped.` };
  }
  if (/stack overflow/i.test(message))
    return { code: 'SCRIPT_STACK', message: 'The script recursed too deeply (stack overflow) and was stopped.' };
  const where = positionOf(dumped);
  const at = where.line ? ` (line ${where.line}${where.column ? `, column ${where.column}` : ''})` : '';
  return { code: name === 'SyntaxError' ? 'SCRIPT_SYNTAX' : 'SCRIPT_ERROR', message: `${name}: ${message}${at}`, ...where };
}

/**
 * The harness that calls the entry and serialises its answer, compiled before the user's code runs: it keeps the
 * engine's own JSON, Reflect.apply and array functions, so that a script that replaces JSON.stringify (or any
 * other global or prototype) changes its own behaviour only, never what the host reads back. It answers one string:
 * "ok:" and the answer's JSON, "rows:" and the count of a list that is too long, "chars:" when the JSON grows past
 * the budget (checked row by row, so a huge answer is refused before it is built), or "noentry:".
 */
const HARNESS = `(function () {
  var global = globalThis, stringify = JSON.stringify, parse = JSON.parse, apply = Reflect.apply;
  var isArray = Array.isArray, define = Object.defineProperty, join = Array.prototype.join;
  function json(value) { var text = stringify(value); return typeof text === 'string' ? text : 'null'; }
  return function (entry, inputJson, batch, rowsMax, charsMax) {
    var fn = global[entry];
    if (typeof fn !== 'function') return 'noentry:';
    var input = parse(inputJson);
    var single = batch ? undefined : apply(fn, undefined, input);
    if (!batch && !isArray(single)) {
      var whole = json(single);
      return whole.length > charsMax ? 'chars:' : 'ok:' + whole;
    }
    var count = batch ? input.length : +single.length;
    if (!batch && count > rowsMax) return 'rows:' + count;
    // A null-prototype descriptor: a getter the script put on Object.prototype cannot change it.
    var parts = [], used = 2;
    for (var i = 0; i < count; i++) {
      var part = json(batch ? apply(fn, undefined, input[i]) : single[i]);
      used += part.length + 1;
      if (used > charsMax) return 'chars:';
      define(parts, i, { __proto__: null, value: part, writable: true, enumerable: true, configurable: true });
    }
    return 'ok:[' + apply(join, parts, [',']) + ']';
  };
})()`;

/** Answers larger than this (characters of JSON) are refused when the job names no budget of its own. */
const ANSWER_CHARS_DEFAULT = 16 * 1024 * 1024;
/** Lists longer than this are refused when the job names no row budget of its own. */
const ANSWER_ROWS_DEFAULT = 100_000;
const count = (n) => n.toLocaleString('en-US');

function answerTooLarge(verdict, job) {
  if (verdict.startsWith('rows:')) {
    const rows = Number(verdict.slice(5));
    return {
      code: 'SCRIPT_ANSWER_TOO_LARGE',
      message: `The script answered ${count(rows)} rows; at most ${count(job.answerRows ?? ANSWER_ROWS_DEFAULT)} are allowed for this input.`,
    };
  }
  const chars = job.limits.answerChars ?? ANSWER_CHARS_DEFAULT;
  const size = chars >= 1048576 ? `${Math.round(chars / 1048576)} MB` : chars >= 1024 ? `${Math.round(chars / 1024)} KB` : `${chars} bytes`;
  return { code: 'SCRIPT_ANSWER_TOO_LARGE', message: `The script's answer is larger than its limit of ${size} and was refused.` };
}

function run(job) {
  const { code, entry, inputJson, limits, compileOnly, batch } = job;
  const runtime = QuickJS.newRuntime();
  // The pool counts the deadline from when the call was asked (waiting included); alone, from now.
  const deadline = job.deadlineAt ?? Date.now() + limits.timeMs;
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
  const failed = (handle) => {
    const dumped = vm.dump(handle);
    handle.dispose();
    return { ok: false, error: failureOf(dumped, limits, timedOut, overMemory), logs };
  };
  try {
    const log = vm.newFunction('log', (...args) => {
      if (logs.length >= LOG_LINES_MAX) return;
      logs.push(
        args
          .map((a) => {
            const v = vm.dump(a);
            return typeof v === 'string' ? v : JSON.stringify(v);
          })
          .join(' ')
          .slice(0, LOG_LINE_CHARS),
      );
    });
    const consoleObject = vm.newObject();
    vm.setProp(consoleObject, 'log', log);
    vm.setProp(vm.global, 'console', consoleObject);
    consoleObject.dispose();
    log.dispose();

    const harness = compileOnly ? undefined : vm.evalCode(HARNESS, 'harness.js');
    if (harness?.error) return failed(harness.error);
    try {
      const compiled = vm.evalCode(code, SCRIPT_FILE, compileOnly ? { compileOnly: true } : { type: 'global' });
      if (compiled.error) return failed(compiled.error);
      compiled.value.dispose();
      if (compileOnly) return { ok: true, logs };

      // The input goes in as one string and is parsed inside, so that no host object ever enters the sandbox.
      const owned = [
        vm.newString(entry),
        vm.newString(inputJson),
        vm.newNumber(job.answerRows ?? ANSWER_ROWS_DEFAULT),
        vm.newNumber(limits.answerChars ?? ANSWER_CHARS_DEFAULT),
      ];
      const [entryName, input, rowsMax, charsMax] = owned;
      const call = vm.callFunction(harness.value, vm.undefined, entryName, input, batch ? vm.true : vm.false, rowsMax, charsMax);
      owned.forEach((h) => h.dispose());
      if (call.error) return failed(call.error);
      const verdict = call.value.consume((h) => (vm.typeof(h) === 'string' ? vm.getString(h) : ''));
      if (verdict.startsWith('ok:')) return { ok: true, outputJson: verdict.slice(3), logs };
      if (verdict === 'noentry:')
        return { ok: false, error: { code: 'SCRIPT_NO_ENTRY', message: `The script must define a function ${entry}.` }, logs };
      if (verdict.startsWith('rows:') || verdict === 'chars:') return { ok: false, error: answerTooLarge(verdict, job), logs };
      return { ok: false, error: { code: 'SANDBOX_FAULT', message: "The sandbox could not read the script's answer." }, logs };
    } finally {
      harness?.value?.dispose();
    }
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
  const recycle =
    (!answer.ok && ['SCRIPT_MEMORY', 'SCRIPT_STACK', 'SANDBOX_FAULT'].includes(answer.error.code)) || wasmBytes() > RECYCLE_BYTES;
  parentPort.postMessage({ id: job.id, ms: performance.now() - started, recycle, ...answer });
});
parentPort.postMessage({ ready: true });
