/*
 * Follows the tags of the scan log's assigns (tag-status-follow.ts) while any is still WIP: the push socket's
 * type 2 messages, and the tag list every 5 s while the socket is not open. On every (re)connect the list is read
 * once, as the socket sends changes only: a result that came while it was closed is not missed.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { COLLECTING_POLL_MS } from '../../../contract/schemas/constants-core';
import { tagsEndpoints } from '../../../contract/endpoints/tags';
import { api } from '../../platform/api';
import { openPushSocket } from '../../platform/push-socket';
import { useSession } from '../../platform/session';
import { recordChanges, tagStatusChangesOf, waitingTags, type SeenStatuses } from './tag-status-follow';
import type { LogEntry } from './use-scan-log';

/** The push channel's polling fallback period (console-core §2, docs/architecture.md §3): the same 5 s as the collecting list. */
export const TAG_STATUS_POLL_MS = COLLECTING_POLL_MS;
/** The tag list answers at most this many rows per page. */
const POLL_MAX_TAGS = 1_000;

export function useTagStatuses(storeCode: string | undefined, entries: readonly LogEntry[]): SeenStatuses {
  const session = useSession();
  const [seen, setSeen] = useState<SeenStatuses>(() => new Map());
  const [live, setLive] = useState(false);
  const waiting = useMemo(() => waitingTags(entries, seen), [entries, seen]);
  const waitingRef = useRef(waiting);
  useEffect(() => {
    waitingRef.current = waiting;
  }, [waiting]);
  const anyWaiting = waiting.length > 0;

  const poll = useRef(async () => {});
  useEffect(() => {
    poll.current = async () => {
      const tags = waitingRef.current.slice(0, POLL_MAX_TAGS);
      if (!storeCode || !tags.length) return;
      try {
        const page = await api.call(tagsEndpoints.tagList, {
          params: { storeCode },
          body: { start: 0, length: tags.length, tagIdList: tags },
        });
        const changes = page.data.map((t) => ({ tagMac: t.tagMac, barcode: t.barcode, status: t.status }));
        setSeen((prev) => recordChanges(prev, changes, Date.now()));
      } catch {
        // A missed poll is caught up by the next one or by the socket.
      }
    };
  }, [storeCode]);

  const token = session?.accessToken;
  const email = session?.email;
  useEffect(() => {
    if (!anyWaiting || !token || !email) return;
    const socket = openPushSocket(
      { token, email },
      (message) => {
        const changes = tagStatusChangesOf(message);
        if (changes?.length) setSeen((prev) => recordChanges(prev, changes, Date.now()));
      },
      {
        onLive: (open) => {
          setLive(open);
          if (open) void poll.current();
        },
      },
    );
    return () => socket.close();
  }, [anyWaiting, token, email]);

  useEffect(() => {
    if (!anyWaiting || live) return;
    void poll.current();
    const timer = setInterval(() => void poll.current(), TAG_STATUS_POLL_MS);
    return () => clearInterval(timer);
  }, [anyWaiting, live]);

  return seen;
}
