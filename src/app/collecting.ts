import { useEffect, useMemo, useRef, useState } from 'react';
import { COLLECT_CMDS, OTA_CMD, type CollectingList } from '../api/contract/collecting';
import { COLLECTING_POLL_MS, PUSH_TYPE_COLLECTING } from '../api/contract/constants-core';
import { statusEndpoints } from '../api/endpoints/status';
import { useCall } from './api';
import { pushSocketUrl } from './config';
import type { Session } from './session';

export interface CollectingState {
  /** Running items the member may see. */
  items: CollectingList;
  /** True while the push socket is open; polling runs only while it is not. */
  live: boolean;
  refresh: () => Promise<unknown>;
}

/** Reconnection waits grow from 1 s to 30 s, so a push server that is down is not hammered. */
const RECONNECT_MIN_MS = 1_000;
const RECONNECT_MAX_MS = 30_000;

/**
 * The collecting-status list of the header (console-core §2): live from the push socket (type 1 messages carry
 * the whole list), polled every 5 s while the socket is not open. SWR's cache holds the list, so a push message
 * and a poll answer land in the same place. One instance lives in the shell: each page's header reads it from
 * there, so there is one socket however many pages Ionic keeps mounted.
 */
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
    let socket: WebSocket | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let wait = RECONNECT_MIN_MS;
    let ended = false;
    const connect = () => {
      const url = new URL(pushSocketUrl());
      // The socket sends store-scoped messages only to a member it knows (server/push/socket.ts).
      url.searchParams.set('token', token);
      url.searchParams.set('email', email);
      socket = new WebSocket(url);
      socket.onopen = () => {
        wait = RECONNECT_MIN_MS;
        setLive(true);
        // The socket sends changes, not the current list: read it once so nothing started meanwhile is missed.
        void mutateRef.current();
      };
      socket.onmessage = (event) => {
        const message = parseMessage(event.data);
        if (message?.type === PUSH_TYPE_COLLECTING && Array.isArray(message.data)) {
          void mutateRef.current(message.data as CollectingList, { revalidate: false });
        }
      };
      socket.onclose = () => {
        setLive(false);
        if (ended) return;
        timer = setTimeout(connect, wait);
        wait = Math.min(wait * 2, RECONNECT_MAX_MS);
      };
    };
    connect();
    return () => {
      ended = true;
      clearTimeout(timer);
      socket?.close();
    };
  }, [token, email]);

  const items = useMemo(() => visibleItems(data ?? [], session), [data, session]);
  const connected = live && Boolean(session);
  return useMemo(() => ({ items, live: connected, refresh: () => mutateRef.current() }), [items, connected]);
}

function parseMessage(raw: unknown): { type: number; data: unknown } | undefined {
  if (typeof raw !== 'string') return undefined;
  try {
    return JSON.parse(raw) as { type: number; data: unknown };
  } catch {
    return undefined;
  }
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
export function collectingTypeKey(cmd: string): CollectingTypeKey {
  if (cmd === OTA_CMD) return OTA_CMD;
  return (COLLECT_CMDS as readonly string[]).includes(cmd) ? (cmd as CollectingTypeKey) : 'ALL_TAG_STATUS_COLLECT';
}
