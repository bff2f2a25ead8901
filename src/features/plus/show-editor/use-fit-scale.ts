import { useLayoutEffect, useRef, useState } from 'react';
import { EDITOR_CANVAS_SCALE } from './editor-model';

/**
 * The canvas scale that shows a whole slide: the spec's half size (plus-signage §9) where it fits, smaller where
 * the room is narrower (a phone), so that the slide never scrolls sideways. `inset` is the room the canvas frame
 * takes around it. Objects take their place from the scale, and drags map back through it (canvas-object.tsx).
 * Answers [ref, scale]: the ref goes on the element whose width is the room.
 */
export function useFitScale(screenWidth: number, inset: number) {
  const ref = useRef<HTMLDivElement>(null);
  const [room, setRoom] = useState<number>();
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setRoom(el.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  // Whole canvas pixels, so that the canvas width never rounds past the room.
  const scale = room ? Math.min(EDITOR_CANVAS_SCALE, Math.floor(room - inset) / screenWidth) : EDITOR_CANVAS_SCALE;
  return [ref, Math.max(scale, 0.05)] as const;
}

/** Drawn smaller than the spec's half size, to fit. */
export const isFitted = (scale: number) => scale < EDITOR_CANVAS_SCALE;
export const percentOf = (scale: number) => Math.round(scale * 100);
