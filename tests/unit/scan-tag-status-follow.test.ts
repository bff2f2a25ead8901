import { describe, expect, it } from 'vitest';
import { PUSH_TYPE_COLLECTING, PUSH_TYPE_TAG_STATUS } from '../../contract/schemas/constants-core';
import {
  liveStatus,
  recordChanges,
  statusTone,
  tagStatusChanges,
  waitingTags,
  type SeenStatuses,
} from '../../src/scan/screen/tag-status-follow';
import type { LogEntry } from '../../src/scan/screen/use-scan-log';

const line = (over: Partial<LogEntry> = {}): LogEntry => ({
  key: 1,
  at: 1_000,
  kind: 'assign',
  codes: ['C4000100002A', '4901234567894'],
  status: 'ok',
  ...over,
});
const none: SeenStatuses = new Map();
const push = (data: unknown[]) => JSON.stringify({ type: PUSH_TYPE_TAG_STATUS, data });

describe('the scan log line of an assign follows its tag (WIP → OK/NG)', () => {
  it('is WIP once the server took the assign, then what the push says', () => {
    const entry = line();
    expect(liveStatus(entry, none)).toBe('WIP');
    const wip = recordChanges(
      none,
      tagStatusChanges(push([{ storeCode: 'TKY001', tagMac: 'C4000100002A', barcode: 'C4000100002A', status: 'WIP' }]))!,
      1_100,
    );
    expect(liveStatus(entry, wip)).toBe('WIP');
    const ok = recordChanges(
      wip,
      tagStatusChanges(push([{ storeCode: 'TKY001', tagMac: 'C4000100002A', barcode: 'C4000100002A', status: 'OK' }]))!,
      9_000,
    );
    expect(liveStatus(entry, ok)).toBe('OK');
    const ng = recordChanges(ok, [{ tagMac: 'C4000100002A', barcode: 'C4000100002A', status: 'NG' }], 20_000);
    expect(liveStatus(entry, ng)).toBe('NG');
  });

  it('finds the tag by tag id or by MAC, in any case', () => {
    const seen = recordChanges(none, [{ tagMac: 'C4000100002A', barcode: 'SHELF-0042', status: 'OK' }], 2_000);
    expect(liveStatus(line({ codes: ['shelf-0042', 'x'] }), seen)).toBe('OK');
    expect(liveStatus(line({ codes: ['c4000100002a', 'x'] }), seen)).toBe('OK');
  });

  it('ignores a status that arrived before the line was scanned (the previous assign of the same tag)', () => {
    const seen = recordChanges(none, [{ tagMac: 'C4000100002A', barcode: 'C4000100002A', status: 'OK' }], 500);
    expect(liveStatus(line({ at: 1_000 }), seen)).toBe('WIP');
  });

  it('follows only assigns the server has taken', () => {
    expect(liveStatus(line({ status: 'sending' }), none)).toBeUndefined();
    expect(liveStatus(line({ status: 'queued' }), none)).toBeUndefined();
    expect(liveStatus(line({ status: 'failed' }), none)).toBeUndefined();
    expect(liveStatus(line({ kind: 'deassign' }), none)).toBeUndefined();
    expect(liveStatus(line({ kind: 'blink' }), none)).toBeUndefined();
  });

  it('lists the tags still waiting, once each, for the polling fallback', () => {
    const entries = [
      line({ key: 1 }),
      line({ key: 2, codes: ['C4000100002B', 'p'] }),
      line({ key: 3 }),
      line({ key: 4, status: 'failed', codes: ['X', 'p'] }),
    ];
    expect(waitingTags(entries, none)).toEqual(['C4000100002A', 'C4000100002B']);
    const seen = recordChanges(none, [{ tagMac: 'C4000100002B', barcode: 'C4000100002B', status: 'NG' }], 5_000);
    expect(waitingTags(entries, seen)).toEqual(['C4000100002A']);
  });

  it('keeps the same map when nothing changed (no re-render)', () => {
    expect(recordChanges(none, [], 1)).toBe(none);
  });
});

describe('push messages', () => {
  it('reads type 2 messages only', () => {
    expect(tagStatusChanges(JSON.stringify({ type: PUSH_TYPE_COLLECTING, data: [] }))).toBeUndefined();
    expect(tagStatusChanges(JSON.stringify({ type: 0, data: { authenticated: true } }))).toBeUndefined();
    expect(tagStatusChanges('not json')).toBeUndefined();
    expect(tagStatusChanges(new ArrayBuffer(2))).toBeUndefined();
  });

  it('skips malformed entries of a tag message', () => {
    expect(tagStatusChanges(push([{ tagMac: 'A', status: 'OK' }, { status: 'OK' }, null, 'x']))).toEqual([
      { tagMac: 'A', barcode: '', status: 'OK' },
    ]);
  });
});

describe('status colours (console-core §4)', () => {
  it('WIP is progress, OK green, everything else red', () => {
    expect(statusTone('WIP')).toBe('progress');
    expect(statusTone('OK')).toBe('ok');
    for (const s of ['NG', 'UPDATE', 'DEASSIGN', 'MISSING', 'REQ_ONLY', 'REQ_ONLY2']) expect(statusTone(s)).toBe('error');
  });
});
