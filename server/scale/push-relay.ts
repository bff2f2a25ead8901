import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Db } from '../db/client';
import type { PushHub, PushMessage, PushRelay } from '../push/hub';
import { notify, purgeOverflow, readOverflow, storeOverflow } from '../repos/push-overflow';

export const PUSH_CHANNEL = 'shelfpad_push';
/** NOTIFY refuses payloads of 8,000 bytes or more; a message larger than this goes by the id of a stored row. */
export const NOTIFY_MAX_BYTES = 7_900;
const RECONNECT_MS = 1_000;
const OVERFLOW_KEEP_MS = 60_000;

/** On the wire: the sending process, then a message, a session that ended, or the id of a stored message. */
type Envelope = { o: string } & ({ m: PushMessage } | { e: string } | { id: number });

/**
 * Push across API processes (docs/architecture.md §3): what one process publishes is delivered to its own sockets at once and
 * sent as a NOTIFY; every other process LISTENs on a dedicated connection and hands it to its sockets, which scope it
 * per member as before (push/scope.ts). Sends go one after the other, so a tag's WIP never overtakes its OK.
 */
export async function relayPushThroughPostgres(hub: PushHub, db: Db, databaseUrl: string): Promise<{ close: () => Promise<void> }> {
  const origin = randomBytes(8).toString('hex');
  let closed = false;
  let client: pg.Client | undefined;
  let sending: Promise<void> = Promise.resolve();

  const send = (envelope: Envelope) => {
    sending = sending
      .then(async () => {
        const text = JSON.stringify(envelope);
        if (Buffer.byteLength(text) <= NOTIFY_MAX_BYTES) return notify(db, PUSH_CHANNEL, text);
        const id = await storeOverflow(db, envelope);
        await notify(db, PUSH_CHANNEL, JSON.stringify({ o: origin, id }));
      })
      .catch((error: Error) => console.warn(`push relay: a message was not sent to the other processes: ${error.message}`));
  };

  const receive = async (payload: string | undefined) => {
    let envelope = JSON.parse(payload ?? 'null') as Envelope | null;
    if (!envelope || envelope.o === origin) return;
    if ('id' in envelope) envelope = (await readOverflow(db, envelope.id)) as Envelope | null;
    if (!envelope) return;
    if ('m' in envelope) hub.deliver(envelope.m);
    else if ('e' in envelope) hub.deliverSessionEnd(envelope.e);
  };

  // A cut connection is opened again; messages sent meanwhile are missed, which the console's 5 s polling covers.
  const listen = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: databaseUrl });
    next.on('notification', (n) => void receive(n.payload).catch((error: Error) => console.warn(`push relay: ${error.message}`)));
    next.on('error', () => undefined);
    next.on('end', () => {
      if (closed) return;
      client = undefined;
      setTimeout(() => void listen().catch(() => undefined), RECONNECT_MS).unref();
    });
    await next.connect();
    await next.query(`LISTEN ${PUSH_CHANNEL}`);
    client = next;
  };
  await listen();

  const purge = setInterval(() => void purgeOverflow(db, new Date(Date.now() - OVERFLOW_KEEP_MS)).catch(() => undefined), OVERFLOW_KEEP_MS);
  purge.unref();
  const relay: PushRelay = { publish: (m) => send({ o: origin, m }), endSession: (e) => send({ o: origin, e }) };
  hub.relayThrough(relay);
  return {
    close: async () => {
      closed = true;
      clearInterval(purge);
      hub.relayThrough(undefined);
      await sending;
      await client?.end().catch(() => undefined);
    },
  };
}
