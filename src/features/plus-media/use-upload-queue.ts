import { useState } from 'react';
import type { FileProgress } from './upload-progress';

/** Sends one file, reporting the bytes sent; rejects with the server's message. */
export type SendFile = (file: File, onProgress: (sent: number, total: number) => void) => Promise<unknown>;

/**
 * Uploads files one after the other, one call per file, so that each has its own progress bar (the server would
 * take up to 10 in one form as well). `run` answers whether every file arrived; failures stay listed with the
 * server's message.
 */
export function useUploadQueue() {
  const [progress, setProgress] = useState<FileProgress[]>([]);
  const run = async (files: readonly File[], send: SendFile): Promise<boolean> => {
    const state: FileProgress[] = files.map((f) => ({ name: f.name, sent: 0, state: 'waiting' }));
    const show = () => setProgress([...state]);
    show();
    for (const [i, file] of files.entries()) {
      state[i].state = 'sending';
      show();
      try {
        await send(file, (sent, total) => {
          state[i].sent = total ? sent / total : 0;
          show();
        });
        state[i].state = 'done';
      } catch (error) {
        state[i] = { ...state[i], state: 'failed', error: (error as Error).message };
      }
      show();
    }
    return state.every((f) => f.state === 'done');
  };
  return { progress, run, clear: () => setProgress([]) };
}
