import { describe, expect, it } from 'vitest';
import { emptyShow, setContentLayout, setDeviceCount, showFromFile } from '../../src/features/plus/v1/show-layout';

/** The v1 show editor's rules (plus-signage §4): device counts, sizes, and the 'RxC' content layout. */
describe('v1 show layout', () => {
  // spec: plus §4.14, plus §9.5 — types 23/29 at 1920 × 158/540, rotation 0; widest and summed heights; last ones removed
  it('adds devices of the spec’s sizes, stacked; the show is the widest and the sum of heights', () => {
    let show = setDeviceCount(emptyShow(), '23', 2);
    show = setDeviceCount(show, '29', 1);
    expect(show.device.map((d) => [d.type, d.width, d.height, d.top, d.rotation])).toEqual([
      ['23', 1920, 158, 0, 0],
      ['23', 1920, 158, 158, 0],
      ['29', 1920, 540, 316, 0],
    ]);
    expect([show.width, show.height]).toEqual([1920, 856]);
    // Removing takes the last ones of that type; the others move up.
    show = setDeviceCount(show, '23', 1);
    expect(show.device.map((d) => [d.type, d.top])).toEqual([
      ['23', 0],
      ['29', 158],
    ]);
    expect(show.height).toBe(698);
  });

  // spec: plus §4.15 — R*C areas sized evenly; '-' clears them
  it("lays 'RxC' areas out evenly, keeps a timeline per area, and '-' clears", () => {
    const show = setDeviceCount(setDeviceCount(emptyShow(), '23', 2), '29', 1);
    const grid = setContentLayout({ ...show, timeline: [[{ id: '1', start: 0 }]] }, '2x1');
    expect(grid.contentArea).toEqual([
      { left: 0, top: 0, width: 1920, height: 428 },
      { left: 0, top: 428, width: 1920, height: 428 },
    ]);
    expect(grid.timeline).toEqual([[{ id: '1', start: 0 }], []]);
    expect(setContentLayout(grid, '1x3').contentArea.map((a) => a.width)).toEqual([640, 640, 640]);
    const cleared = setContentLayout(grid, '-');
    expect([cleared.contentLayout, cleared.contentArea, cleared.timeline]).toEqual(['-', [], [[{ id: '1', start: 0 }]]]);
    // Changing devices lays the areas out again over the new canvas.
    expect(setDeviceCount(grid, '29', 0).contentArea.map((a) => a.height)).toEqual([158, 158]);
  });

  it('reads an exported show file, and refuses anything else', () => {
    const show = setContentLayout(setDeviceCount(emptyShow(), '29', 1), '1x2');
    expect(showFromFile(JSON.stringify({ ...show, name: 'A' }))).toMatchObject({ name: 'A', contentLayout: '1x2', device: show.device });
    expect(() => showFromFile('{"name":"x"}')).toThrow('Invalid file format');
    expect(() => showFromFile('{')).toThrow(SyntaxError);
  });
});
