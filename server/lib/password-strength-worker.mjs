// The password strength estimator's thread (password-strength.ts). zxcvbn-ts with its common and English
// dictionaries takes tens of MB and a few hundred milliseconds to load, and one estimate takes up to a second of CPU
// for a long password (the caller sends at most STRENGTH_CHECKED_CHARS of it): here, they neither block the
// server's event loop nor load before the first password is chosen. Plain JavaScript rather than TypeScript so that
// it loads the same under tsx, vitest and node.
import { parentPort } from 'node:worker_threads';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as en from '@zxcvbn-ts/language-en';

const zxcvbn = new ZxcvbnFactory({
  dictionary: { ...common.dictionary, ...en.dictionary },
  graphs: common.adjacencyGraphs,
  translations: en.translations,
  // No Levenshtein matching: it compares the password with every dictionary word and made one estimate 5–10 times
  // slower, while l33t spellings and added digits or symbols of a common password ('Passw0rd1!') score low without it.
});

parentPort.on('message', ({ id, password, userInputs }) => {
  try {
    const { score, feedback } = zxcvbn.check(password, userInputs);
    parentPort.postMessage({ id, score, warning: feedback.warning ?? '', suggestions: feedback.suggestions });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error?.message ?? error) });
  }
});
