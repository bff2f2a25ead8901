import { useState } from 'react';
import { IonItem, IonLabel, IonList, IonNote, IonProgressBar } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { fileSize } from './file-size';
import './upload-queue.css';

/**
 * The one upload of the PWA (issue 35 §5): the product files, the Plus media and software, the store migration. Files
 * chosen wait in a queue and are sent one request at a time; each shows its name, size, a progress bar and its
 * outcome: waiting, sending N %, processing (every byte sent, the server is still at work), done with the result, or
 * failed with the server's message. A screen says how one request is sent (`SendFiles`) and in which words a state
 * reads; the queue keeps the order and the states.
 */
export type UploadState = 'waiting' | 'sending' | 'processing' | 'done' | 'failed';

export interface UploadItem {
  readonly id: number;
  readonly file: File;
  readonly state: UploadState;
  /** 0–1 of the file's bytes sent. */
  readonly sent: number;
  /** What the server says it has processed of the file so far (the product import's rows), while it works. */
  readonly processed?: number;
  /** The result line of a done file, or the refusal of a failed one: the screen's words or the server's message. */
  readonly message?: string;
  /** The states it went through, in order: the record of what the member saw (e2e tests read it). */
  readonly seen: readonly UploadState[];
}

export interface UploadReport {
  /** Bytes of the request body sent of `total` (0 when unknown), as XMLHttpRequest's upload progress tells them. */
  progress: (sent: number, total: number) => void;
  /** The server's count of what it has processed so far. */
  processed: (count: number) => void;
}

/**
 * Sends files in one request. Resolves with the line to show when done (or nothing); rejects with an Error whose
 * message is shown as the files' outcome, as it is: the screen puts a refusal in the spec's words before throwing.
 */
export type SendFiles = (files: File[], report: UploadReport) => Promise<string | void>;

export interface AddOptions {
  /** All files of this pick in one request (a migration whose files belong together); else one request per file. */
  together?: boolean;
  /** At most this many files waiting or on their way at once, counting the ones already queued; the rest are left out. */
  max?: number;
}

export interface Added {
  /** How many of the files did not fit under `max`. */
  leftOut: number;
  /** The queued files' last states, once every one of them is done or failed. */
  settled: Promise<readonly UploadItem[]>;
}

const isOpen = (item: UploadItem) => item.state === 'waiting' || item.state === 'sending' || item.state === 'processing';
const clamp = (value: number) => Math.min(1, Math.max(0, value));

/**
 * Each file's share of a request's progress: the body carries the files in order, so the bytes sent fill the first
 * file, then the next (the multipart headers between them are spread over the files by `fraction`).
 */
export function shareProgress(sizes: readonly number[], fraction: number): number[] {
  const bytes = sizes.reduce((sum, size) => sum + size, 0);
  const reached = fraction * bytes;
  let before = 0;
  return sizes.map((size) => {
    const share = size ? clamp((reached - before) / size) : clamp(fraction);
    before += size;
    return share;
  });
}

/** The queue without React: `onChange` is told of every new list of items. */
export function createUploadQueue(onChange: (items: readonly UploadItem[]) => void) {
  let items: readonly UploadItem[] = [];
  let nextId = 1;
  // The requests go one after the other, whichever pick they came from.
  let tail: Promise<unknown> = Promise.resolve();

  const update = (ids: readonly number[], values: (item: UploadItem, index: number) => Partial<UploadItem> | undefined) => {
    let changed = false;
    items = items.map((item) => {
      const index = ids.indexOf(item.id);
      const change = index < 0 ? undefined : values(item, index);
      if (!change) return item;
      changed = true;
      const state = change.state ?? item.state;
      return { ...item, ...change, seen: item.seen.includes(state) ? item.seen : [...item.seen, state] };
    });
    if (changed) onChange(items);
  };

  const send = async (group: readonly UploadItem[], sendFiles: SendFiles): Promise<readonly UploadItem[]> => {
    const ids = group.map((item) => item.id);
    const sizes = group.map((item) => item.file.size);
    update(ids, () => ({ state: 'sending' }));
    const report: UploadReport = {
      progress: (sent, total) => {
        const fraction = total ? clamp(sent / total) : 0;
        const shares = shareProgress(sizes, fraction);
        update(ids, (item, i) => (isOpen(item) ? { sent: shares[i], ...(fraction >= 1 && { state: 'processing' as const }) } : undefined));
      },
      processed: (count) => update(ids, (item) => (isOpen(item) ? { processed: count } : undefined)),
    };
    try {
      const message = await sendFiles(
        group.map((item) => item.file),
        report,
      );
      update(ids, () => ({ state: 'done', sent: 1, message: message || undefined }));
    } catch (error) {
      update(ids, () => ({ state: 'failed', message: (error as Error).message }));
    }
    return ids.map((id) => items.find((item) => item.id === id)).filter((item): item is UploadItem => Boolean(item));
  };

  return {
    items: () => items,
    /** Queues the files; they are sent after the ones queued before them. */
    add(files: readonly File[], sendFiles: SendFiles, options: AddOptions = {}): Added {
      const room = options.max === undefined ? files.length : Math.max(0, options.max - items.filter(isOpen).length);
      const added: UploadItem[] = files
        .slice(0, room)
        .map((file) => ({ id: nextId++, file, state: 'waiting', sent: 0, seen: ['waiting'] }));
      if (added.length) {
        items = [...items, ...added];
        onChange(items);
      }
      const groups = options.together ? (added.length ? [added] : []) : added.map((item) => [item]);
      const sent = groups.map((group) => {
        const next = tail.then(() => send(group, sendFiles));
        tail = next;
        return next;
      });
      return { leftOut: files.length - added.length, settled: Promise.all(sent).then((lists) => lists.flat()) };
    },
    /** Forgets the files that are done or failed; the ones still waiting or on their way stay. */
    clear() {
      if (!items.some((item) => !isOpen(item))) return;
      items = items.filter(isOpen);
      onChange(items);
    },
  };
}

/** The queue of a screen: its items to draw, whether a file is still waiting or on its way, add and clear. */
export function useUploadQueue() {
  const [items, setItems] = useState<readonly UploadItem[]>([]);
  const [queue] = useState(() => createUploadQueue(setItems));
  return { items, busy: items.some(isOpen), add: queue.add, clear: queue.clear };
}

interface ListProps {
  items: readonly UploadItem[];
  /** Each file's line is `itemTestId`, with its state in data-state, the states it went through in data-seen and data-sent its percent. */
  itemTestId: string;
  testId?: string;
  /** The words of a state in the screen's namespace (the spec's); where it answers nothing, the common ones. */
  stateText?: (item: UploadItem, percent: number) => string | undefined;
  /** False when the screen shows the outcome once for all files (one request's answer) rather than on each line. */
  messages?: boolean;
}

/** The files of a queue, one line each: name, size, a progress bar, the state, and the result or the refusal. */
export function UploadQueueList({ items, itemTestId, testId, stateText, messages = true }: ListProps) {
  const { t } = useTranslation('common');
  if (!items.length) return null;
  return (
    <IonList className="upload-queue" data-testid={testId}>
      {items.map((item) => {
        const percent = Math.round(item.sent * 100);
        const failed = item.state === 'failed';
        return (
          // data-sent is a string: Ionic's wrapper sets a number as the element's property, not its attribute.
          <IonItem
            key={item.id}
            data-testid={itemTestId}
            data-state={item.state}
            data-seen={item.seen.join(' ')}
            data-sent={String(percent)}
          >
            <IonLabel className="ion-text-wrap">
              <div>
                <strong>{item.file.name}</strong> <span className="upload-queue-size">{fileSize(item.file.size)}</span>
              </div>
              <IonProgressBar
                value={item.state === 'done' ? 1 : item.sent}
                type={item.state === 'processing' ? 'indeterminate' : 'determinate'}
                color={failed ? 'danger' : 'primary'}
                aria-label={item.file.name}
              />
              {messages && item.message && <IonNote color={failed ? 'danger' : 'success'}>{item.message}</IonNote>}
            </IonLabel>
            <IonNote slot="end" color={failed ? 'danger' : undefined}>
              {stateText?.(item, percent) ?? t(`upload.${item.state}`, { percent })}
            </IonNote>
          </IonItem>
        );
      })}
    </IonList>
  );
}
