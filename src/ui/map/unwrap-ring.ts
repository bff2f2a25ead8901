export type Ring = number[][];

/**
 * Natural Earth cuts the land that crosses ±180° (eastern Russia, Fiji, Antarctica) into rings whose points jump
 * from one edge of the world to the other; on a flat map each jump draws a line across the whole world. Shifting
 * a ring's longitudes by 360° where they jump keeps it in one piece: it runs off the map's edge instead.
 */
export function unwrapRing(ring: Ring): Ring {
  let offset = 0;
  const unwrapped = ring.map(([lng, lat], i) => {
    const previous = i > 0 ? ring[i - 1][0] : lng;
    if (lng - previous > 180) offset -= 360;
    else if (previous - lng > 180) offset += 360;
    return [lng + offset, lat];
  });
  // A ring that starts on the far side of the cut (Eurasia starting in Chukotka) would land a world away: the
  // whole ring moves back so that most of it lies within ±180°.
  const sorted = unwrapped.map(([lng]) => lng).sort((a, b) => a - b);
  const shift = -360 * Math.round(sorted[Math.floor(sorted.length / 2)] / 360);
  return shift === 0 ? unwrapped : unwrapped.map(([lng, lat]) => [lng + shift, lat]);
}
