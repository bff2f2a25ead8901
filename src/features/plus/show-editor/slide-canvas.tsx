import { memo, useCallback, useContext, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { EditorObject, EditorShow, Screen } from './editor-model';
import { CanvasObject, type ObjectChange } from './canvas-object';
import { ProductLabelContext } from './object-face';
import { useAssetLibrary } from './asset-thumbs';
import { snapMove, snapResize, type Rect } from './snap';
import { isFitted, percentOf } from './use-fit-scale';
import { useLaidOut } from './use-laid-out';

interface SlideCanvasProps {
  show: EditorShow;
  screen: Screen;
  /** Canvas pixels per screen pixel: half (plus-signage §9), less where the room is narrower (useFitScale). */
  scale: number;
  selectedKey: string | undefined;
  onSelect: (key: string | undefined) => void;
  onObjectRect: (objectKey: string, rect: Rect) => void;
}

/**
 * The selected slide drawn at half the real screen size (plus-signage §2.3, §9). A released drag or resize snaps
 * to the screen's edges and the other objects' edges, then becomes one edit of the document.
 */
export const SlideCanvas = memo(function SlideCanvas({ show, screen, scale, selectedKey, onSelect, onObjectRect }: SlideCanvasProps) {
  const { t } = useTranslation('plusShowEditor');
  const { nameOf } = useAssetLibrary();
  const productLabel = useContext(ProductLabelContext);
  // The handlers read the latest objects through a ref, so that they stay the same and objects stay memoised.
  const objects = useRef<EditorObject[]>(show.object);
  objects.current = show.object;

  const change = useCallback(
    (key: string, rect: Rect, how: ObjectChange) => {
      const others = objects.current.filter((o) => o.key !== key);
      const snapped = how.kind === 'move' ? snapMove(rect, others, screen) : snapResize(rect, how.direction, others, screen);
      onObjectRect(key, snapped);
    },
    [screen, onObjectRect],
  );
  const select = useCallback((key: string) => onSelect(key), [onSelect]);
  const [canvasRef, laidOut] = useLaidOut<HTMLDivElement>();

  const labelOf = (o: EditorObject) => {
    const what =
      o.type === 'product' ? productLabel(Number(o.id)) : o.type === 'webpage' ? String(o.id) : (nameOf(o.type, o.id) ?? String(o.id));
    return t('canvas.objectLabel', { type: t(`types.${o.type}`), name: what });
  };

  return (
    <div className="show-canvas-scroll">
      <div
        ref={canvasRef}
        className="show-canvas"
        style={{ width: screen.width * scale, height: screen.height * scale, background: show.bgColor }}
        onMouseDown={(e) => e.target === e.currentTarget && onSelect(undefined)}
        role="group"
        aria-label={t(isFitted(scale) ? 'canvas.labelFitted' : 'canvas.label', {
          width: screen.width,
          height: screen.height,
          percent: percentOf(scale),
        })}
        data-testid="show-canvas"
        data-scale={scale}
        data-laid-out={laidOut}
        // The objects are drawn at the slide's scale: their size is the layout being edited (WCAG 2.5.8's
        // "essential" exception), so the phone's 44 px check leaves them out; the keyboard moves them too.
        data-size-essential=""
      >
        {laidOut &&
          show.object.map((o) => (
            <CanvasObject
              key={o.key}
              object={o}
              selected={o.key === selectedKey}
              scale={scale}
              label={labelOf(o)}
              onSelect={select}
              onChange={change}
            />
          ))}
      </div>
    </div>
  );
});
