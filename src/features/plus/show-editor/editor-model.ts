import { EDITOR_CANVAS_SCALE, PRODUCT_OBJECT_DEFAULTS, SHOW_DEFAULTS, screenSizeLabel } from '../../../../contract/schemas/constants-plus';
import type { Show, ShowObject } from '../../../../contract/schemas/plus';

/*
 * The editor's document (plus-signage §2.3, §3): the slides with keys of their own, so that React and the sortable
 * list follow a slide or an object through reorders, and undo can hand back an earlier document as it was.
 * Documents are never changed in place: every edit makes a new one (the undo history keeps the old ones).
 */

export type ObjectType = ShowObject['type'];
export interface EditorObject extends ShowObject {
  key: string;
}
export interface EditorShow extends Omit<Show, 'object'> {
  key: string;
  object: EditorObject[];
}
export interface EditorDoc {
  shows: EditorShow[];
  /** The product show's index; 0 locks that slide first (plus-signage §2.3). */
  productShowIdx: number | null;
}
export interface Screen {
  width: number;
  height: number;
}

let nextKey = 0;
export const newKey = (prefix: string) => `${prefix}${++nextKey}`;

export const docOf = (shows: readonly Show[], productShowIdx: number | null): EditorDoc => ({
  shows: shows.map((s) => ({ ...s, key: newKey('s'), object: s.object.map((o) => ({ ...o, key: newKey('o') })) })),
  productShowIdx,
});

/** The list as the contract carries it (keys dropped). */
export const showsOf = (doc: EditorDoc): Show[] =>
  doc.shows.map(({ key: _key, object, ...show }) => ({ ...show, object: object.map(({ key: _k, ...o }) => o) }));

/** A new slide is empty until its first object change (plus-signage §2.3). */
// spec: plus §2.49, plus §3.6 — a new slide starts empty (30 s, #000000)
export const emptyShow = (): EditorShow => ({
  key: newKey('s'),
  duration: SHOW_DEFAULTS.duration,
  bgColor: SHOW_DEFAULTS.bgColor,
  empty: true,
  schedule: [],
  object: [],
});

/** Whether the slide at `index` is the product show locked first. */
// spec: plus §2.50 — product show 0 is locked first
export const isLockedShow = (doc: EditorDoc, index: number) => doc.productShowIdx === 0 && index === 0;

/** New objects: images and videos scaled to the screen height, then to the width if too wide (plus-signage §2.2). */
// spec: plus §2.33, plus §2.34, plus §3.7 — scaled to the screen height, then width; product defaults
export function newObject(
  type: ObjectType,
  id: string | number,
  screen: Screen,
  natural?: { width?: number; height?: number },
): EditorObject {
  const base = { key: newKey('o'), type, id, left: 0, top: 0 };
  if (type === 'product')
    return {
      ...base,
      id: PRODUCT_OBJECT_DEFAULTS.id,
      autoSize: PRODUCT_OBJECT_DEFAULTS.autoSize,
      width: Math.min(screen.width, screen.height * 2),
      height: screen.height,
    };
  if ((type === 'image' || type === 'video') && natural?.width && natural.height) {
    let height = screen.height;
    let width = Math.round((natural.width * height) / natural.height);
    if (width > screen.width) {
      width = screen.width;
      height = Math.round((natural.height * width) / natural.width);
    }
    return { ...base, width, height };
  }
  return { ...base, width: Math.round(screen.width / 2), height: screen.height };
}

// Edits: each answers a new document.

export function updateShow(doc: EditorDoc, showKey: string, change: Partial<Omit<EditorShow, 'key'>>): EditorDoc {
  return { ...doc, shows: doc.shows.map((s) => (s.key === showKey ? { ...s, ...change } : s)) };
}

/** Any object change makes the slide non-empty (plus-signage §2.3). */
function withObjects(doc: EditorDoc, showKey: string, objects: (list: EditorObject[]) => EditorObject[]): EditorDoc {
  return { ...doc, shows: doc.shows.map((s) => (s.key === showKey ? { ...s, empty: false, object: objects(s.object) } : s)) };
}

export const addObject = (doc: EditorDoc, showKey: string, object: EditorObject) => withObjects(doc, showKey, (list) => [...list, object]);
export const updateObject = (doc: EditorDoc, showKey: string, objectKey: string, change: Partial<ShowObject>) =>
  withObjects(doc, showKey, (list) => list.map((o) => (o.key === objectKey ? { ...o, ...change } : o)));
export const removeObject = (doc: EditorDoc, showKey: string, objectKey: string) =>
  withObjects(doc, showKey, (list) => list.filter((o) => o.key !== objectKey));

/** Drawing order is list order: the last object is in front. */
export function reorderObject(
  doc: EditorDoc,
  showKey: string,
  objectKey: string,
  to: 'front' | 'back' | 'forward' | 'backward',
): EditorDoc {
  return withObjects(doc, showKey, (list) => {
    const from = list.findIndex((o) => o.key === objectKey);
    if (from < 0) return list;
    const target = { front: list.length - 1, back: 0, forward: Math.min(list.length - 1, from + 1), backward: Math.max(0, from - 1) }[to];
    const next = [...list];
    const [moved] = next.splice(from, 1);
    next.splice(target, 0, moved);
    return next;
  });
}

export function addShow(doc: EditorDoc, show: EditorShow = emptyShow()): EditorDoc {
  return { ...doc, shows: [...doc.shows, show] };
}

/** Removing a slide keeps the product show index pointing at the same slide (or clears it with that slide). */
export function removeShow(doc: EditorDoc, showKey: string): EditorDoc {
  const index = doc.shows.findIndex((s) => s.key === showKey);
  if (index < 0 || isLockedShow(doc, index)) return doc;
  const idx = doc.productShowIdx;
  const productShowIdx = idx === null || idx === index ? null : idx > index ? idx - 1 : idx;
  return { shows: doc.shows.filter((s) => s.key !== showKey), productShowIdx };
}

/** 'Delete all' keeps the locked product show (plus-signage §2.3). */
export function removeAllShows(doc: EditorDoc): EditorDoc {
  return doc.productShowIdx === 0 && doc.shows.length ? { shows: [doc.shows[0]], productShowIdx: 0 } : { shows: [], productShowIdx: null };
}

/** A move that would put a slide before the locked product show, or move that show, is not made. */
// spec: plus §2.45 — slides reordered
export function moveShow(doc: EditorDoc, from: number, to: number): EditorDoc {
  const locked = doc.productShowIdx === 0;
  if (from === to || (locked && (from === 0 || to === 0))) return doc;
  const shows = [...doc.shows];
  const [moved] = shows.splice(from, 1);
  shows.splice(to, 0, moved);
  let idx = doc.productShowIdx;
  if (idx !== null) {
    const key = doc.shows[idx]?.key;
    idx = shows.findIndex((s) => s.key === key);
  }
  return { shows, productShowIdx: idx };
}

export function duplicateShow(doc: EditorDoc, showKey: string): EditorDoc {
  const source = doc.shows.find((s) => s.key === showKey);
  if (!source) return doc;
  const copy: EditorShow = { ...source, key: newKey('s'), object: source.object.map((o) => ({ ...o, key: newKey('o') })) };
  const index = doc.shows.indexOf(source);
  return { ...doc, shows: [...doc.shows.slice(0, index + 1), copy, ...doc.shows.slice(index + 1)] };
}

/** The spec's size label of a screen (plus-signage §5), or its dimensions when it has none. */
export const screenLabel = (screen: Screen) => screenSizeLabel(screen.width, screen.height) || `${screen.width}x${screen.height}`;
/** How the editor names its screen: '23.1 (1920 × 158)', or '1920 × 1080' for a size named by its dimensions. */
export function screenTitle(screen: Screen): string {
  const dims = `${screen.width} × ${screen.height}`;
  const label = screenSizeLabel(screen.width, screen.height);
  return label && label !== `${screen.width}x${screen.height}` ? `${label} (${dims})` : dims;
}
export { EDITOR_CANVAS_SCALE };
