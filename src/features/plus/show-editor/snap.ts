/*
 * Snapping of a dropped or resized object to the screen's edges and to the other objects' edges (in screen
 * pixels). A pull within SNAP_PX wins over where the pointer let go: lining two pictures up edge to edge is what
 * users of such editors try to do with the mouse and cannot do exactly.
 */

/** In screen pixels; the canvas is drawn at half size, so this is 4 canvas pixels (our choice). */
export const SNAP_PX = 8;

export interface Rect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** The lines an edge may snap to along one axis: the screen's edges and every other object's two edges. */
function lines(others: readonly Rect[], size: number, axis: 'x' | 'y'): number[] {
  const out = [0, size];
  for (const o of others) out.push(axis === 'x' ? o.left : o.top, axis === 'x' ? o.left + o.width : o.top + o.height);
  return out;
}

/** The smallest shift (within SNAP_PX) that puts one of `edges` on one of `targets`; 0 when none is close. */
function pull(edges: number[], targets: number[]): number {
  let best = 0;
  let bestDistance = SNAP_PX + 1;
  for (const e of edges) {
    for (const t of targets) {
      const d = Math.abs(t - e);
      if (d < bestDistance) {
        best = t - e;
        bestDistance = d;
      }
    }
  }
  return bestDistance <= SNAP_PX ? best : 0;
}

/** A moved object: both edges of each axis may snap, the size stays. */
export function snapMove(rect: Rect, others: readonly Rect[], screen: { width: number; height: number }): Rect {
  const dx = pull([rect.left, rect.left + rect.width], lines(others, screen.width, 'x'));
  const dy = pull([rect.top, rect.top + rect.height], lines(others, screen.height, 'y'));
  return { ...rect, left: rect.left + dx, top: rect.top + dy };
}

/** A resized object: only the edges the handle moved snap (react-rnd's direction names them). */
export function snapResize(rect: Rect, direction: string, others: readonly Rect[], screen: { width: number; height: number }): Rect {
  const out = { ...rect };
  const xs = lines(others, screen.width, 'x');
  const ys = lines(others, screen.height, 'y');
  const dir = direction.toLowerCase();
  if (dir.includes('right')) out.width += pull([rect.left + rect.width], xs);
  if (dir.includes('left')) {
    const d = pull([rect.left], xs);
    out.left += d;
    out.width -= d;
  }
  if (dir.includes('bottom')) out.height += pull([rect.top + rect.height], ys);
  if (dir.includes('top')) {
    const d = pull([rect.top], ys);
    out.top += d;
    out.height -= d;
  }
  return { ...out, width: Math.max(1, out.width), height: Math.max(1, out.height) };
}
