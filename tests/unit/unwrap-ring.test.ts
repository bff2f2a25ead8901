import { describe, expect, it } from 'vitest';
import { unwrapRing } from '../../src/ui/map/unwrap-ring';

describe('unwrapRing', () => {
  it('leaves a ring that never crosses ±180° as it is', () => {
    const ring = [
      [10, 50],
      [20, 50],
      [20, 40],
      [10, 50],
    ];
    expect(unwrapRing(ring)).toEqual(ring);
  });

  it('keeps a ring that crosses 180° eastwards in one piece, past the edge', () => {
    expect(
      unwrapRing([
        [178, 65],
        [-178, 66],
        [-175, 64],
        [179, 63],
        [178, 65],
      ]),
    ).toEqual([
      [178, 65],
      [182, 66],
      [185, 64],
      [179, 63],
      [178, 65],
    ]);
  });

  it('keeps a ring that crosses -180° westwards in one piece, past the edge', () => {
    expect(
      unwrapRing([
        [-178, -17],
        [179, -16],
        [177, -18],
        [-179, -18],
        [-178, -17],
      ]),
    ).toEqual([
      [-178, -17],
      [-181, -16],
      [-183, -18],
      [-179, -18],
      [-178, -17],
    ]);
  });
});

describe('unwrapRing, a ring that starts on the far side of the cut', () => {
  it('is moved back so that most of it lies within ±180°', () => {
    // Starts in "Chukotka" (-175), runs west across 180° into "Siberia" and back.
    const ring = [
      [-175, 66],
      [179, 67],
      [150, 70],
      [100, 70],
      [150, 60],
      [179, 64],
      [-175, 66],
    ];
    expect(unwrapRing(ring)).toEqual([
      [185, 66],
      [179, 67],
      [150, 70],
      [100, 70],
      [150, 60],
      [179, 64],
      [185, 66],
    ]);
  });
});
