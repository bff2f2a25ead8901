import type { V1Area, V1ShowDevice } from '../../db/schema/index';
import { badRequest } from '../errors';
import { v1IdOf } from './owner';

/** 'RxC' → rows and columns; '-' → none (plus-signage §4). */
export function parseContentLayout(layout: string): { rows: number; cols: number } | undefined {
  const match = /^(\d{1,2})x(\d{1,2})$/.exec(layout);
  return match ? { rows: Number(match[1]), cols: Number(match[2]) } : undefined;
}

interface ShowInput {
  width: number;
  height: number;
  contentLayout: string;
  device: V1ShowDevice[];
  contentArea: V1Area[];
  timeline: { id: string; start: number }[][];
  duration: number;
}

/**
 * What the server keeps of a show and what it derives: the canvas follows the devices (the widest device, the
 * sum of heights when stacked, i.e. their bounding box), the counts follow the lists. Areas must lie on the canvas,
 * the layout must name as many areas as there are, and each timeline entry must start within the show's duration.
 * With no areas ('-'), one timeline plays on the whole canvas.
 */
// spec: plus §3.12 — resolution, size and counts derived from the devices and areas
export function deriveShow(input: ShowInput) {
  const width = input.device.length ? Math.max(...input.device.map((d) => d.left + d.width)) : input.width;
  const height = input.device.length ? Math.max(...input.device.map((d) => d.top + d.height)) : input.height;
  const grid = parseContentLayout(input.contentLayout);
  const areas = grid ? grid.rows * grid.cols : 0;
  if (input.contentArea.length !== areas) {
    throw badRequest(
      `The content layout ${input.contentLayout} needs ${areas} content areas, not ${input.contentArea.length}.`,
      'LAYOUT_MISMATCH',
    );
  }
  input.contentArea.forEach((a, i) => {
    if (a.left + a.width > width || a.top + a.height > height)
      throw badRequest(`Content area ${i + 1} lies outside the ${width}x${height} show.`, 'AREA_OUTSIDE');
  });
  if (input.timeline.length > Math.max(1, areas))
    throw badRequest(`The show has ${Math.max(1, areas)} timelines at most, one per content area.`, 'TOO_MANY_TIMELINES');
  const timeline = input.timeline.map((list) => {
    const late = list.find((e) => e.start >= input.duration);
    if (late)
      throw badRequest(`A timeline entry starts at ${late.start} s, past the show's duration of ${input.duration} s.`, 'START_PAST_END');
    return [...list].sort((a, b) => a.start - b.start).map((e) => ({ id: v1IdOf(e.id), start: e.start }));
  });
  const contentIdList = [...new Set(timeline.flat().map((e) => e.id))];
  return {
    width,
    height,
    resolution: `${width}x${height}`,
    timeline,
    contentIdList,
  };
}

export const deviceTypeCount = (device: V1ShowDevice[]) => ({
  '23': device.filter((d) => d.type === '23').length,
  '29': device.filter((d) => d.type === '29').length,
});
