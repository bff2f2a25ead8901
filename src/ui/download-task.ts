import { useCallback, useEffect, useRef, useState } from 'react';
import type { DownloadBody } from '../../contract/schemas/files';
import { endpoints } from '../../contract/endpoints';
import { api } from '../platform/api';
import { useDialogs } from './dialogs';
import { saveBlob } from './save-blob';

/** A download's status is polled every second (console-core §4, §9). */
export const DOWNLOAD_POLL_MS = 1_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * DownloadTask (docs/architecture.md §4): start the server's task, poll its status every second, fetch the file once
 * finishedAt is set. A failed call or a task that reports an error shows 'Error' with the message, and polling
 * stops. Leaving the page stops polling too.
 */
// spec: core §4.6, core §9.2 — start the task, poll every second, fetch once finishedAt is set; an error stops polling
export function useDownloadTask() {
  const dialogs = useDialogs();
  const [running, setRunning] = useState(false);
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  const start = useCallback(
    async (body: DownloadBody) => {
      setRunning(true);
      try {
        const taskId = String((await api.call(endpoints.fileDownload, { body })).taskId);
        while (alive.current) {
          const status = await api.call(endpoints.fileDownloadStatus, { params: { taskId } });
          if (status.error) throw new Error(status.error);
          if (status.finishedAt) {
            saveBlob(await api.blob(endpoints.fileDownloadFile, { params: { taskId } }), status.fileName ?? `download-${taskId}`);
            return true;
          }
          await sleep(DOWNLOAD_POLL_MS);
        }
        return false;
      } catch (error) {
        if (alive.current) await dialogs.error((error as Error).message);
        return false;
      } finally {
        if (alive.current) setRunning(false);
      }
    },
    [dialogs],
  );
  return { start, running };
}
