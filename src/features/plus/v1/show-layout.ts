import { V1_CONTENT_LAYOUT_NONE, V1_DEVICE_DEFAULTS, V1_DEVICE_TYPES } from '../../../../contract/schemas/constants-plus';

/* The v1 show editor's rules (plus-signage §4 "Show editor steps"): pure, so that unit and e2e tests read the same. */

export type V1DeviceType = (typeof V1_DEVICE_TYPES)[number];
export interface ShowDevice {
  type: V1DeviceType;
  width: number;
  height: number;
  left: number;
  top: number;
  rotation: number;
}
export interface Area {
  left: number;
  top: number;
  width: number;
  height: number;
}
export interface TimelineEntry {
  id: string;
  start: number;
  index?: number;
  name?: string;
}

export interface ShowDraft {
  id?: string;
  name: string;
  duration: number;
  width: number;
  height: number;
  contentLayout: string;
  device: ShowDevice[];
  contentArea: Area[];
  timeline: TimelineEntry[][];
}

export const emptyShow = (): ShowDraft => ({
  name: '',
  duration: 30,
  width: 0,
  height: 0,
  contentLayout: V1_CONTENT_LAYOUT_NONE,
  device: [],
  contentArea: [],
  timeline: [[]],
});

/** Devices stacked top to bottom; the show is as wide as the widest and as high as all together. */
function stack(device: ShowDevice[]): Pick<ShowDraft, 'device' | 'width' | 'height'> {
  let top = 0;
  const stacked = device.map((d) => {
    const placed = { ...d, left: 0, top };
    top += d.height;
    return placed;
  });
  return { device: stacked, width: stacked.length ? Math.max(...stacked.map((d) => d.width)) : 0, height: top };
}

/**
 * Set the count of one device type: new devices (width 1920, the type's height, rotation 0) join at the end, or the
 * last ones of that type leave. The content layout is laid out again over the new canvas.
 */
// spec: plus §4.14, plus §9.5 — devices added (1920 × 158/540, rotation 0) or the last ones removed
export function setDeviceCount(show: ShowDraft, type: V1DeviceType, count: number): ShowDraft {
  const want = Math.max(0, Math.floor(count));
  let device = [...show.device];
  let have = device.filter((d) => d.type === type).length;
  while (have < want) {
    device.push({
      type,
      width: V1_DEVICE_DEFAULTS.width,
      height: V1_DEVICE_DEFAULTS.height[type],
      left: 0,
      top: 0,
      rotation: V1_DEVICE_DEFAULTS.rotation,
    });
    have++;
  }
  while (have > want) {
    const last = device.map((d) => d.type).lastIndexOf(type);
    device = device.filter((_, i) => i !== last);
    have--;
  }
  return setContentLayout({ ...show, ...stack(device) }, show.contentLayout);
}

export const deviceCount = (show: ShowDraft, type: V1DeviceType) => show.device.filter((d) => d.type === type).length;

/** 'RxC' → R×C even areas (height / R, width / C); '-' clears them. Timelines follow the area count. */
// spec: plus §4.15 — 'RxC' areas evenly; '-' clears
export function setContentLayout(show: ShowDraft, layout: string): ShowDraft {
  const match = /^(\d{1,2})x(\d{1,2})$/.exec(layout.trim());
  if (!match || Number(match[1]) < 1 || Number(match[2]) < 1) {
    return { ...show, contentLayout: V1_CONTENT_LAYOUT_NONE, contentArea: [], timeline: [show.timeline[0] ?? []] };
  }
  const rows = Number(match[1]);
  const cols = Number(match[2]);
  const h = Math.floor(show.height / rows);
  const w = Math.floor(show.width / cols);
  const contentArea: Area[] = [];
  for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) contentArea.push({ left: c * w, top: r * h, width: w, height: h });
  const timeline = contentArea.map((_, i) => show.timeline[i] ?? []);
  return { ...show, contentLayout: `${rows}x${cols}`, contentArea, timeline };
}

/** The areas a timeline plays on: the content areas, or the whole canvas when there are none. */
export const timelineAreas = (show: ShowDraft): Area[] =>
  show.contentArea.length ? show.contentArea : [{ left: 0, top: 0, width: show.width, height: show.height }];

/** A file that is JSON but not an exported show; the screen shows the spec's "Invalid file format" in its language. */
export class ShowFileError extends Error {
  constructor() {
    super('Invalid file format');
  }
}

/** A show read from a JSON file (an exported show): the fields the editor keeps, or a ShowFileError. */
// spec: plus §3.11 — an exported show file is one show object
export function showFromFile(text: string): ShowDraft {
  const value = JSON.parse(text) as Partial<ShowDraft> | null;
  if (!value || typeof value !== 'object' || !Array.isArray(value.device) || typeof value.contentLayout !== 'string')
    throw new ShowFileError();
  return {
    name: String(value.name ?? ''),
    duration: Number(value.duration ?? 30),
    width: Number(value.width ?? 0),
    height: Number(value.height ?? 0),
    contentLayout: value.contentLayout,
    device: value.device,
    contentArea: value.contentArea ?? [],
    timeline: value.timeline?.length ? value.timeline : [[]],
  };
}
