import { useEffect, useMemo, useRef, useState } from 'react';
import { COLLECT_CMDS, OTA_CMD, type CollectingList } from '../../contract/schemas/collecting';
import { COLLECTING_POLL_MS, PUSH_TYPE_COLLECTING } from '../../contract/schemas/constants-core';
import { statusEndpoints } from '../../contract/endpoints/status';
import { useCall } from './api';
import { openPushSocket } from './push-socket';
import type { Session } from './session';

export interface CollectingState {
  /** Running items the member may see. */
  items: CollectingList;
  /** True while the push socket is open; polling runs only while it is not. */
  live: boolean;
  refresh: () => Promise<unknown>;
}

/**
 * The collecting-status list of the header (console-core §2): live from the push socket (type 1 messages carry
 * the whole list), polled every 5 s while the socket is not open. SWR's cache holds the list, so a push message
 * and a poll answer land in the same place. One instance lives in the shell: each page's header reads it from
 * there, so there is one socket however many pages Ionic keeps mounted.
 */
// spec: core §2.17, core §2.18 — collecting list live by push (type 1), polled every 5 s as fallback
export function useCollecting(session: Session | undefined): CollectingState {
  const [live, setLive] = useState(false);
  const { data, mutate } = useCall(statusEndpoints.collectingStore, session ? {} : null, {
    refreshInterval: live ? 0 : COLLECTING_POLL_MS,
    // The header must not show an error for a missed poll; the next one (or the socket) catches up.
    shouldRetryOnError: false,
  });
  const mutateRef = useRef(mutate);
  useEffect(() => {
    mutateRef.current = mutate;
  }, [mutate]);

  const token = session?.accessToken;
  const email = session?.email;
  useEffect(() => {
    if (!token || !email) return;
    const socket = openPushSocket(
      { token, email },
      (message) => {
        if (message.type === PUSH_TYPE_COLLECTING && Array.isArray(message.data)) {
          void mutateRef.current(message.data as CollectingList, { revalidate: false });
        }
      },
      {
        onLive: (open) => {
          setLive(open);
          // The socket sends changes, not the current list: read it once so nothing started meanwhile is missed.
          if (open) void mutateRef.current();
        },
      },
    );
    return () => socket.close();
  }, [token, email]);

  const items = useMemo(() => visibleItems(data ?? [], session), [data, session]);
  const connected = live && Boolean(session);
  return useMemo(() => ({ items, live: connected, refresh: () => mutateRef.current() }), [items, connected]);
}

/**
 * console-core §6: the super administrator sees every collecting item, other members those of their stores.
 * The list and the push are not narrowed by the server (the call is public), so the header narrows them.
 */
export function visibleItems(items: CollectingList, session: Session | undefined): CollectingList {
  if (!session) return [];
  if (session.role_id === -1) return items;
  const stores = new Set(session.store);
  return items.filter((item) => stores.has(item.storeCode));
}

export type CollectingTypeKey = (typeof COLLECT_CMDS)[number] | typeof OTA_CMD;

/**
 * console-admin §9: Tag Status Check, Battery Check, Gateway Scan, otherwise All Tag Status Collect. OTA jobs
 * share the list (console-core §2) and are named as such rather than as a status collection (our choice).
 */
// spec: admin §9.14 — collecting-info types
export function collectingTypeKey(cmd: string): CollectingTypeKey {
  if (cmd === OTA_CMD) return OTA_CMD;
  return (COLLECT_CMDS as readonly string[]).includes(cmd) ? (cmd as CollectingTypeKey) : 'ALL_TAG_STATUS_COLLECT';
}
