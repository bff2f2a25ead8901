import { createContext, memo, useContext } from 'react';
import { IonIcon } from '@ionic/react';
import { appsOutline, globeOutline, playCircleOutline, pricetagOutline } from 'ionicons/icons';
import type { ShowObject } from '../../../../contract/schemas/plus';
import { useAssetLibrary, useThumbnail } from './asset-thumbs';

/** How a product number reads (its product code on a device with products): set by the editor. */
export const ProductLabelContext = createContext<(n: number) => string>((n) => `#${n + 1}`);

/**
 * What an object looks like on the canvas and in the preview: the thumbnail of an image or video, or a labelled
 * box for a widget, a webpage or a product. Memoised on the object's type and id, so a drag (which changes
 * neither) never redraws it.
 */
export const ObjectFace = memo(function ObjectFace({ type, id }: { type: ShowObject['type']; id: ShowObject['id'] }) {
  const { nameOf } = useAssetLibrary();
  const productLabel = useContext(ProductLabelContext);
  const thumb = useThumbnail(type, id);
  const name = type === 'product' ? productLabel(Number(id)) : type === 'webpage' ? String(id) : (nameOf(type, id) ?? `${type} ${id}`);
  if (thumb) {
    return (
      <span className={`show-face show-face--${type}`} title={name}>
        <img src={thumb} alt="" draggable={false} />
        {type === 'video' && <IonIcon icon={playCircleOutline} className="show-face__badge" aria-hidden="true" />}
      </span>
    );
  }
  const icon =
    type === 'product' ? pricetagOutline : type === 'webpage' ? globeOutline : type === 'widget' ? appsOutline : playCircleOutline;
  return (
    <span className={`show-face show-face--${type} show-face--box`} title={name}>
      <IonIcon icon={icon} aria-hidden="true" />
      <span className="show-face__label">{name}</span>
    </span>
  );
});
