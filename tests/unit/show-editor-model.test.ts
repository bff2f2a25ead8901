import { describe, expect, it } from 'vitest';
import type { Show } from '../../contract/schemas/plus';
import { productChoiceCount, sameShowLists, showsForSave, templateScreen, webpageUrl } from '../../contract/plus-show-rules';
import * as model from '../../src/features/plus/show-editor/editor-model';
import { SNAP_PX, snapMove, snapResize } from '../../src/features/plus/show-editor/snap';
import { unsaved, withCommit, type History } from '../../src/features/plus/show-editor/use-edit-history';

/* The show editor's pure rules (plus-signage §2.3, §4, §5): slide moves and deletes, new objects, snapping, saving. */

const slide = (objects: Show['object'] = [], duration = 30): Show => ({
  duration,
  bgColor: '#000000',
  empty: objects.length === 0,
  schedule: [],
  object: objects,
});
const product = { type: 'product' as const, id: 0, left: 0, top: 0, width: 316, height: 158, autoSize: true };
const screen = { width: 1920, height: 1080 };

describe('slides', () => {
  // spec: plus §2.50 — product show 0 stays first, not dragged, kept by delete all
  it('keeps the product show locked first: not moved, nothing moved before it, kept by delete all', () => {
    const doc = model.docOf([slide([product]), slide([], 10), slide([], 20)], 0);
    expect(model.moveShow(doc, 0, 2)).toBe(doc);
    expect(model.moveShow(doc, 2, 0)).toBe(doc);
    const moved = model.moveShow(doc, 2, 1);
    expect(moved.shows.map((s) => s.duration)).toEqual([30, 20, 10]);
    expect(model.removeAllShows(doc).shows.map((s) => s.key)).toEqual([doc.shows[0].key]);
    expect(model.removeShow(doc, doc.shows[0].key)).toBe(doc);
  });

  // spec: plus §2.45 — slides are reordered and deleted
  it('follows an unlocked product show through moves and deletes', () => {
    const doc = model.docOf([slide([], 1), slide([product], 2), slide([], 3)], 1);
    expect(model.moveShow(doc, 1, 2).productShowIdx).toBe(2);
    expect(model.removeShow(doc, doc.shows[0].key).productShowIdx).toBe(0);
    expect(model.removeShow(doc, doc.shows[1].key).productShowIdx).toBeNull();
    expect(model.removeAllShows(doc)).toEqual({ shows: [], productShowIdx: null });
  });

  // spec: plus §2.49, plus §3.6 — a new slide: 30 s, #000000, empty until its first object
  it('starts a slide empty with 30 s on black; its first object change makes it non-empty', () => {
    const doc = model.addShow(model.docOf([], null));
    expect(doc.shows[0]).toMatchObject({ duration: 30, bgColor: '#000000', empty: true, object: [] });
    const added = model.addObject(doc, doc.shows[0].key, model.newObject('webpage', 'shelfpad.test', screen));
    expect(added.shows[0].empty).toBe(false);
  });

  it('orders objects front and back (list order is drawing order)', () => {
    const doc = model.docOf([slide([{ ...product }, { ...product, id: 1 }, { ...product, id: 2 }])], null);
    const [a, b, c] = doc.shows[0].object.map((o) => o.key);
    const ids = (d: model.EditorDoc) => d.shows[0].object.map((o) => o.key);
    expect(ids(model.reorderObject(doc, doc.shows[0].key, a, 'front'))).toEqual([b, c, a]);
    expect(ids(model.reorderObject(doc, doc.shows[0].key, c, 'back'))).toEqual([c, a, b]);
    expect(ids(model.reorderObject(doc, doc.shows[0].key, a, 'forward'))).toEqual([b, a, c]);
  });
});

describe('new objects', () => {
  // spec: plus §2.33, plus §2.34, plus §3.7 — scaled to the height, then the width; product object autoSize, id 0, twice the height
  it('scales images to the screen height, then to the width when too wide; products are twice the height, at most the width', () => {
    expect(model.newObject('image', '1', screen, { width: 800, height: 600 })).toMatchObject({ width: 1440, height: 1080 });
    expect(model.newObject('image', '1', screen, { width: 4000, height: 1000 })).toMatchObject({ width: 1920, height: 480 });
    expect(model.newObject('product', 0, { width: 1920, height: 158 })).toMatchObject({ id: 0, autoSize: true, width: 316, height: 158 });
    expect(model.newObject('product', 0, screen)).toMatchObject({ width: 1920, height: 1080 });
  });
});

describe('snapping', () => {
  const other = { left: 500, top: 100, width: 200, height: 100 };
  it('pulls a dropped object onto a near edge of the screen or of another object, and leaves a far one', () => {
    expect(snapMove({ left: 705, top: 300, width: 100, height: 50 }, [other], screen)).toMatchObject({ left: 700, top: 300 });
    expect(snapMove({ left: 3, top: 1080 - 50 - SNAP_PX, width: 100, height: 50 }, [], screen)).toMatchObject({ left: 0, top: 1030 });
    expect(snapMove({ left: 300, top: 300, width: 100, height: 50 }, [other], screen)).toMatchObject({ left: 300, top: 300 });
  });
  it('snaps only the edges a resize handle moved', () => {
    expect(snapResize({ left: 3, top: 0, width: 494, height: 50 }, 'right', [other], screen)).toEqual({
      left: 3,
      top: 0,
      width: 497,
      height: 50,
    });
    expect(snapResize({ left: 704, top: 0, width: 100, height: 50 }, 'left', [other], screen)).toEqual({
      left: 700,
      top: 0,
      width: 104,
      height: 50,
    });
  });
});

describe('saving (plus-signage §5)', () => {
  // spec: plus §5.4, plus §5.5, plus §2.51 — http:// prefix, products numbered (by order / by id), 2 × floor(width / 180) choices
  it('prefixes webpages, numbers products in order on a device and by their id on a template', () => {
    const shows = [
      slide([
        { type: 'webpage', id: 'shelfpad.test', left: 0, top: 0, width: 1, height: 1 },
        { ...product, id: 3 },
        { ...product, id: '1' },
      ]),
    ];
    const device = showsForSave(shows, 'device')[0].object;
    expect(device.map((o) => [o.id, o.index])).toEqual([
      ['http://shelfpad.test', undefined],
      [3, 0],
      [1, 1],
    ]);
    expect(showsForSave(shows, 'template')[0].object.map((o) => o.index)).toEqual([undefined, 3, 1]);
    expect(webpageUrl('https://a.test')).toBe('https://a.test');
    expect(productChoiceCount(1920)).toBe(20);
    expect(templateScreen('29')).toEqual({ width: 1920, height: 540 });
    expect(templateScreen('3840x2160')).toEqual({ width: 3840, height: 2160 });
    expect(templateScreen('big')).toBeUndefined();
  });

  // spec: plus §4.3 — the comparison that detaches a device from its template
  it('compares lists for the template rule without the product numbering and empty flag', () => {
    const a = [slide([{ ...product, index: 4 }])];
    const b = [{ ...slide([{ ...product, index: 0 }]), empty: true }];
    expect(sameShowLists(a, b)).toBe(true);
    expect(sameShowLists(a, [slide([product], 31)])).toBe(false);
    expect(sameShowLists(a, [...a, ...a])).toBe(false);
  });
});

describe('edit history', () => {
  const start = (doc: model.EditorDoc): History<model.EditorDoc> => ({ past: [], present: doc, future: [] });

  it('adds no undo step for an edit that changes nothing, though it is a new document', () => {
    const doc = model.addShow(model.docOf([], null));
    const show = doc.shows[0];
    const object = model.newObject('webpage', 'shelfpad.test', screen);
    const placed = model.addObject(doc, show.key, object);
    const history = withCommit(start(doc), placed, false);
    expect(history.past).toHaveLength(1);
    // The handle released where it was grabbed: the same rect, a new document object.
    const same = model.updateObject(placed, show.key, object.key, { left: object.left, top: object.top });
    expect(same).not.toBe(placed);
    expect(withCommit(history, same, false)).toBe(history);
    expect(withCommit(history, model.updateObject(placed, show.key, object.key, { left: object.left + 1 }), false).past).toHaveLength(2);
  });

  it('counts a document unsaved by its content: edited back to what was stored, or replaced by an equal copy, it is saved', () => {
    const stored = model.addShow(model.docOf([], null));
    const key = stored.shows[0].key;
    const longer = model.updateShow(stored, key, { duration: 31 });
    expect(unsaved(longer, stored)).toBe(true);
    expect(unsaved(model.updateShow(longer, key, { duration: 30 }), stored)).toBe(false);
    expect(unsaved(structuredClone(stored), stored)).toBe(false);
  });
});
