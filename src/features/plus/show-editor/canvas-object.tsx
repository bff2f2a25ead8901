import { memo } from 'react';
import { Rnd } from 'react-rnd';
import type { EditorObject } from './editor-model';
import { ObjectFace } from './object-face';
import type { Rect } from './snap';

export type ObjectChange = { kind: 'move' } | { kind: 'resize'; direction: string };

interface CanvasObjectProps {
  object: EditorObject;
  selected: boolean;
  /** Canvas pixels per screen pixel (plus-signage §9: half). */
  scale: number;
  label: string;
  onSelect: (key: string) => void;
  /** Called once, on release: the document changes (one undo step), never per frame. */
  onChange: (key: string, rect: Rect, change: ObjectChange) => void;
}

const round = (n: number, scale: number) => Math.round(n / scale);

/**
 * One object on the canvas. While it is dragged or resized react-rnd moves it by a CSS transform of its own
 * element; the editor hears of it only on release. Memoised on its props, so a drag elsewhere, or a change of
 * another object, does not render it again.
 */
export const CanvasObject = memo(function CanvasObject({ object, selected, scale, label, onSelect, onChange }: CanvasObjectProps) {
  const { key } = object;
  return (
    <Rnd
      className={`show-object${selected ? ' show-object--selected' : ''}`}
      position={{ x: object.left * scale, y: object.top * scale }}
      size={{ width: object.width * scale, height: object.height * scale }}
      enableResizing={selected && !object.fixed}
      disableDragging={Boolean(object.fixed)}
      resizeHandleClasses={HANDLE_CLASSES}
      resizeHandleStyles={HANDLE_STYLES}
      onMouseDown={() => onSelect(key)}
      onDragStop={(_e, d) => {
        const left = round(d.x, scale);
        const top = round(d.y, scale);
        if (left !== object.left || top !== object.top)
          onChange(key, { left, top, width: object.width, height: object.height }, { kind: 'move' });
      }}
      onResizeStop={(_e, direction, element, _delta, position) => {
        const rect = {
          left: round(position.x, scale),
          top: round(position.y, scale),
          width: round(element.offsetWidth, scale),
          height: round(element.offsetHeight, scale),
        };
        onChange(key, rect, { kind: 'resize', direction });
      }}
      role="button"
      tabIndex={-1}
      aria-label={label}
      aria-pressed={selected}
      data-testid="show-object"
      data-type={object.type}
      data-key={key}
    >
      <ObjectFace type={object.type} id={object.id} />
    </Rnd>
  );
});

const HANDLE_CLASSES = {
  top: 'show-handle show-handle--edge',
  right: 'show-handle show-handle--edge',
  bottom: 'show-handle show-handle--edge',
  left: 'show-handle show-handle--edge',
  topLeft: 'show-handle show-handle--corner',
  topRight: 'show-handle show-handle--corner',
  bottomLeft: 'show-handle show-handle--corner',
  bottomRight: 'show-handle show-handle--corner show-handle--bottom-right',
};

// Inside the object's box (react-rnd puts them half outside): an object at the canvas edge keeps handles in reach.
const EDGE = 6;
const CORNER = 10;
const HANDLE_STYLES = {
  top: { top: 0, height: EDGE },
  bottom: { bottom: 0, height: EDGE },
  left: { left: 0, width: EDGE },
  right: { right: 0, width: EDGE },
  topLeft: { top: 0, left: 0, width: CORNER, height: CORNER },
  topRight: { top: 0, right: 0, width: CORNER, height: CORNER },
  bottomLeft: { bottom: 0, left: 0, width: CORNER, height: CORNER },
  bottomRight: { bottom: 0, right: 0, width: CORNER, height: CORNER },
};
