/*
 * The live push channel of the client (NOTES.md 6, docs/architecture.md §3): a websocket that sends JSON `{type, data}`
 * messages — type 1 the collecting list (the header), type 2 tag status changes (the scan log). One socket and one
 * connect / authenticate / reconnect loop serve every reader of a member; each keeps only the types it wants.
 * Framework-free (no React, no Ionic), so that the handheld entry can use it and a unit test can run it against a
 * real socket server.
 */
import { pushSocketUrl } from './config';

export interface PushCredentials {
  /** The session's access token and e-mail, sent as the socket's first message (never in the URL, which ends up in
   * logs): the server sends nothing to a socket that has not authenticated, and only its member's stores' messages. */
  token: string;
  email: string;
}

export interface PushMessage {
  type: number;
  data: unknown;
}

/** The part of the browser's WebSocket class the loop uses; the unit test passes the `ws` package's client. */
export interface PushSocketLike {
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
  send(data: string): void;
  close(): void;
}
export type PushSocketClass = new (url: string) => PushSocketLike;

export interface PushSocketOptions {
  /** The socket is authenticated (true) or closed (false): a reader polls while it is not live, and reads once when
   * it becomes live. */
  onLive?(live: boolean): void;
  /** Where to connect; by default the runtime setting (pushUrl, else port 8801 of the page's host). */
  url?: string;
  /** The WebSocket class; the browser's by default. */
  WebSocket?: PushSocketClass;
}

export interface PushSocket {
  /** Stops the loop for good: closes the socket and cancels a pending reconnect. */
  close(): void;
}

/** Reconnection waits double from 1 s to 30 s and start over after a successful open: a push server that is down
 * is not hammered, one that restarts is back within a second. */
export const RECONNECT_MIN_MS = 1_000;
export const RECONNECT_MAX_MS = 30_000;

/** A message as the server writes it, or undefined for anything else (binary frames, broken JSON, no type). */
export function parsePushMessage(raw: unknown): PushMessage | undefined {
  if (typeof raw !== 'string') return undefined;
  try {
    const message = JSON.parse(raw) as Partial<PushMessage> | null;
    return message && typeof message.type === 'number' ? { type: message.type, data: message.data } : undefined;
  } catch {
    return undefined;
  }
}

interface Reader {
  onMessage(message: PushMessage): void;
  onLive?(live: boolean): void;
}

interface Connection {
  readers: Set<Reader>;
  live: boolean;
  end(): void;
}

/** One socket per server and member, however many readers (the header, the scan log) follow it. */
const connections = new Map<string, Connection>();

/**
 * Follows the push channel for a member until close(): joins the open socket of the same server and member, or
 * opens one and keeps it open, reconnecting with backoff. Every message goes to every reader.
 */
export function openPushSocket(
  credentials: PushCredentials,
  onMessage: (message: PushMessage) => void,
  options: PushSocketOptions = {},
): PushSocket {
  const url = options.url ?? pushSocketUrl();
  const key = JSON.stringify([url, credentials.email, credentials.token]);
  let connection = connections.get(key);
  if (!connection) {
    connection = connect(url, credentials, options.WebSocket ?? (WebSocket as unknown as PushSocketClass));
    connections.set(key, connection);
  }
  const joined = connection;
  const reader: Reader = { onMessage, onLive: options.onLive };
  joined.readers.add(reader);
  // A reader that joins an open socket is told at once, so that it stops polling and reads its list once.
  if (joined.live) reader.onLive?.(true);

  let closed = false;
  return {
    close() {
      if (closed) return;
      closed = true;
      joined.readers.delete(reader);
      // Said now, not when the close handshake ends: by then the reader may have opened its next socket.
      if (joined.live) reader.onLive?.(false);
      if (joined.readers.size) return;
      connections.delete(key);
      joined.end();
    },
  };
}

/** The first message of every socket (server/push/socket.ts): the server closes a socket that does not send it. */
export function authMessage(credentials: PushCredentials): string {
  return JSON.stringify({ type: 'auth', token: credentials.token, email: credentials.email });
}

/** The server's answer to the auth message: `{type: 0, data: {authenticated: true}}`. */
const isWelcome = (message: PushMessage) =>
  message.type === 0 && (message.data as { authenticated?: unknown } | null)?.authenticated === true;

function connect(url: string, credentials: PushCredentials, Socket: PushSocketClass): Connection {
  let socket: PushSocketLike | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let wait = RECONNECT_MIN_MS;
  let ended = false;
  const connection: Connection = {
    readers: new Set(),
    live: false,
    end() {
      ended = true;
      clearTimeout(timer);
      socket?.close();
    },
  };
  const setLive = (live: boolean) => {
    if (connection.live === live) return;
    connection.live = live;
    for (const reader of [...connection.readers]) reader.onLive?.(live);
  };

  const open = () => {
    const opened = new Socket(url);
    socket = opened;
    opened.onopen = () => opened.send(authMessage(credentials));
    opened.onmessage = (event) => {
      const message = ended ? undefined : parsePushMessage(event.data);
      if (!message) return;
      // Live once the server took the credentials: from then on no message of the member is missed, so a reader
      // that reads its list now and follows the messages after is up to date.
      if (isWelcome(message)) {
        wait = RECONNECT_MIN_MS;
        setLive(true);
      }
      for (const reader of [...connection.readers]) reader.onMessage(message);
    };
    // An error is always followed by close, which retries; handled so that no client reports it as unhandled.
    opened.onerror = () => {};
    // A failed connect ends here too (error, then close): one path schedules every retry.
    opened.onclose = () => {
      if (ended) return;
      setLive(false);
      timer = setTimeout(open, wait);
      wait = Math.min(wait * 2, RECONNECT_MAX_MS);
    };
  };
  open();
  return connection;
}
