import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { gateways, members, stores, tags } from '../db/schema/index';
import { badRequest, conflict } from '../lib/errors';

/** The kinds of rows a store export holds (store-transfer.ts writes and reads them; the checks here need the shape). */
export type TransferKind = 'store' | 'gateway' | 'product' | 'tag' | 'task' | 'account';
/** An export file as parsed: its rows by kind. */
export type ParsedExport = Record<TransferKind, Record<string, unknown>[]>;
/** The store a migrate writes into, and its company. */
export interface MigrateTarget {
  storeCode: string;
  companyCode: string;
}

/*
 * Whose rows a store migration may write (console-admin §2, §4, §7; issue 29 finding 2). Every row a migrate file
 * names must be new to this server or belong to the target store's company; one that belongs to another company
 * refuses the whole file, for every caller — the super administrator too, since a migration re-homes a store's
 * rows, it does not hand them from one company to another.
 *
 * The keys by which a file's row meets an existing one:
 * - gateway: its MAC (unique on the server); tag: its MAC, and the gateway it names;
 * - account: its e-mail (unique on the server, compared in lower case);
 * - product and task: keyed within the target store (store + code, store + task id), so they meet only its own rows;
 * - store: the target itself — the file carries its settings only (code, company and name are refused as fields).
 *
 * Rows of another store of the same company move into the target: re-homing a store's hardware and people within its
 * company (a store re-coded, merged, or brought over from another server) is what the migration is for, and both
 * stores are the same administrators' to change.
 */

/** How many offending rows the refusal names; the rest are counted. */
const SHOWN = 5;
/** Keys per query: well below the 65,535 parameters of one statement, for a 50,000-tag store. */
const CHUNK = 1000;

const unique = (values: string[]) => [...new Set(values)];

async function inChunks<T>(keys: string[], query: (chunk: string[]) => Promise<T[]>): Promise<T[]> {
  const found: T[] = [];
  for (let i = 0; i < keys.length; i += CHUNK) found.push(...(await query(keys.slice(i, i + CHUNK))));
  return found;
}

/** Gateways by MAC with the company of their store. */
const gatewayOwners = (db: Db, macs: string[]) =>
  inChunks(macs, (chunk) =>
    db
      .select({ mac: gateways.gwMac, companyCode: stores.companyCode })
      .from(gateways)
      .innerJoin(stores, eq(stores.storeCode, gateways.storeCode))
      .where(inArray(gateways.gwMac, chunk)),
  );

const foreignTags = (db: Db, companyCode: string, macs: string[]) =>
  inChunks(macs, (chunk) =>
    db
      .select({ mac: tags.tagMac })
      .from(tags)
      .innerJoin(stores, eq(stores.storeCode, tags.storeCode))
      .where(and(inArray(tags.tagMac, chunk), ne(stores.companyCode, companyCode))),
  );

/**
 * Existing members outside the company. A super administrator (role -1) belongs to every company and is never
 * written by a migration (linkAccounts skips administrators); a company administrator of another company is foreign.
 */
const foreignMembers = (db: Db, companyCode: string, emails: string[]) =>
  inChunks(emails, (chunk) =>
    db
      .select({ email: members.email })
      .from(members)
      .where(
        and(inArray(sql`lower(${members.email})`, chunk), ne(members.roleId, -1), sql`not (${companyCode} = any(${members.companies}))`),
      ),
  );

/** Refuses (409, nothing written) files naming rows of another company, and (400) tags naming an unknown gateway. */
export async function assertRowsOwnedBy(db: Db, target: MigrateTarget, files: ParsedExport[]): Promise<void> {
  const { companyCode } = target;
  const fileGateways = unique(files.flatMap((f) => f.gateway.map((r) => r.gwMac as string)));
  const tagRows = files.flatMap((f) => f.tag);
  const emails = unique(files.flatMap((f) => f.account.map((r) => String(r.email).toLowerCase())));

  const inFile = new Set(fileGateways);
  const namedByTags = unique(tagRows.map((r) => r.gwMac).filter((mac): mac is string => typeof mac === 'string' && !inFile.has(mac)));
  const owners = new Map((await gatewayOwners(db, unique([...fileGateways, ...namedByTags]))).map((g) => [g.mac, g.companyCode]));
  const isForeign = (mac: string) => owners.has(mac) && owners.get(mac) !== companyCode;

  const offending = [
    ...fileGateways.filter(isForeign).map((mac) => `gateway ${mac}`),
    ...(await foreignTags(db, companyCode, unique(tagRows.map((r) => r.tagMac as string)))).map((t) => `tag ${t.mac}`),
    ...unique(namedByTags.filter(isForeign)).map((mac) => `gateway ${mac} (named by a tag)`),
    ...(await foreignMembers(db, companyCode, emails)).map((m) => `account ${m.email}`),
  ];
  if (offending.length) {
    const more = offending.length > SHOWN ? ` and ${offending.length - SHOWN} more` : '';
    throw conflict(
      `Nothing was migrated: the file names rows of another company — ${offending.slice(0, SHOWN).join(', ')}${more}.`,
      'MIGRATE_FOREIGN_ROWS',
    );
  }

  const unknown = tagRows.find((r) => typeof r.gwMac === 'string' && !inFile.has(r.gwMac) && !owners.has(r.gwMac));
  if (unknown) {
    throw badRequest(
      `Nothing was migrated: tag ${String(unknown.tagMac)} names gateway ${String(unknown.gwMac)}, which is neither in the file nor on this server.`,
      'BAD_EXPORT',
    );
  }
}
