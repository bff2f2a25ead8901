import { useEffect, useState } from 'react';

/**
 * An object URL of a file fetched with the session headers (an <img src> cannot send them), revoked when the
 * component leaves or the file changes. undefined while loading or when the fetch fails.
 */
export function useObjectUrl(load: (() => Promise<Blob>) | undefined, key: string): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!load) return undefined;
    let made: string | undefined;
    let live = true;
    load()
      .then((blob) => {
        if (!live) return;
        made = URL.createObjectURL(blob);
        setUrl(made);
      })
      .catch(() => live && setUrl(undefined));
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the key names the file; load is a fresh closure each render
  }, [key]);
  return url;
}
