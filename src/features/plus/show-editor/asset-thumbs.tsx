import { createContext, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { PlusAssetChoice } from '../../../../contract/schemas/plus-assets';
import { endpoints } from '../../../../contract/endpoints';
import { api, useCall } from '../../../platform/api';

/*
 * The store's images, videos and widgets as the editor needs them: the choice lists (plusAssetChoices) and the
 * thumbnails, fetched once per asset with the session headers and shared by every object, choice and preview
 * that shows the same asset (a slide of 30 copies of one picture fetches it once). Object URLs are revoked when
 * the editor closes.
 */

export type AssetType = 'image' | 'video' | 'widget';
export const ASSET_TYPES: readonly AssetType[] = ['image', 'video', 'widget'];

interface AssetLibrary {
  choices: Record<AssetType, PlusAssetChoice[] | undefined>;
  nameOf: (type: string, id: string | number) => string | undefined;
  thumbnail: (type: AssetType, id: string) => Promise<string | undefined>;
}

const Library = createContext<AssetLibrary | undefined>(undefined);

export function AssetLibraryProvider({ storeCode, children }: { storeCode: string; children: ReactNode }) {
  const image = useCall(endpoints.plusAssetChoices, { params: { storeCode, type: 'image' } });
  const video = useCall(endpoints.plusAssetChoices, { params: { storeCode, type: 'video' } });
  const widget = useCall(endpoints.plusAssetChoices, { params: { storeCode, type: 'widget' } });
  const cache = useRef(new Map<string, Promise<string | undefined>>());
  useEffect(() => {
    const urls = cache.current;
    return () => {
      for (const url of urls.values()) void url.then((u) => u && URL.revokeObjectURL(u));
      urls.clear();
    };
  }, []);
  const value = useMemo<AssetLibrary>(() => {
    const choices = { image: image.data, video: video.data, widget: widget.data };
    const names = new Map<string, string>();
    for (const type of ASSET_TYPES) for (const c of choices[type] ?? []) names.set(`${type}:${c.id}`, c.name);
    return {
      choices,
      nameOf: (type, id) => names.get(`${type}:${id}`),
      thumbnail: (type, id) => {
        const key = `${type}:${id}`;
        let url = cache.current.get(key);
        if (!url) {
          url = api
            .blob(endpoints.plusAssetThumbnail, { params: { storeCode, type, id } })
            .then((blob) => URL.createObjectURL(blob))
            .catch(() => undefined);
          cache.current.set(key, url);
        }
        return url;
      },
    };
  }, [image.data, video.data, widget.data, storeCode]);
  return <Library.Provider value={value}>{children}</Library.Provider>;
}

export function useAssetLibrary(): AssetLibrary {
  const library = useContext(Library);
  if (!library) throw new Error('useAssetLibrary outside AssetLibraryProvider');
  return library;
}

/** The thumbnail of an image or video (widgets have none): undefined while loading or when there is none. */
export function useThumbnail(type: string, id: string | number): string | undefined {
  const { thumbnail } = useAssetLibrary();
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (type !== 'image' && type !== 'video') return undefined;
    let live = true;
    void thumbnail(type, String(id)).then((u) => live && setUrl(u));
    return () => {
      live = false;
    };
  }, [type, id, thumbnail]);
  return url;
}
