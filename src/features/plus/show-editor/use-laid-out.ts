import { useLayoutEffect, useRef, useState } from 'react';

/**
 * True once the element has a size on screen. react-rnd measures its offset from the parent when it mounts; an
 * editor opened afresh mounts while Ionic still keeps the page out of layout (every box 0×0), and react-rnd then
 * drew each object at twice its offset (issue 31). The objects are mounted only when this says the canvas is laid out.
 */
export function useLaidOut<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [laidOut, setLaidOut] = useState(false);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || laidOut) return;
    const check = () => {
      const box = el.getBoundingClientRect();
      if (box.width > 0 && box.height > 0) setLaidOut(true);
    };
    check();
    const observer = new ResizeObserver(check);
    observer.observe(el);
    return () => observer.disconnect();
  }, [laidOut]);
  return [ref, laidOut] as const;
}
