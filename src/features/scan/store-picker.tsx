import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../app/session';
import { offlineLayer } from '../../offline/lazy';
import type { ProductCacheInfo } from '../../offline/product-cache';
import './store-picker.css';

/** The store a handheld scans in rarely changes: remembered on the device, not in the session. */
export const SCAN_STORE_KEY = 'shelfpad.scan.store';

/** The member's stores and the picked one (kept only while the member still has it). */
export function useScanStore(): [string | undefined, (store: string) => void, string[], ProductCacheInfo | undefined] {
  const stores = useSession()?.store ?? [];
  const [picked, setPicked] = useState(() => localStorage.getItem(SCAN_STORE_KEY) ?? undefined);
  const store = picked && stores.includes(picked) ? picked : undefined;
  const [cache, setCache] = useState<ProductCacheInfo & { storeCode: string }>();

  useEffect(() => {
    if (!store) return;
    const abort = new AbortController();
    // Offline the older copy (or none) stays: the lookup then answers "don't know" and the server decides.
    void offlineLayer()
      .then(({ refreshProductCache, productCacheInfo }) => refreshProductCache(store, abort.signal).catch(() => {}).then(() => productCacheInfo(store)))
      .then((info) => !abort.signal.aborted && info && setCache({ ...info, storeCode: store }))
      .catch(() => {});
    return () => abort.abort();
  }, [store]);

  const pick = useCallback((next: string) => {
    localStorage.setItem(SCAN_STORE_KEY, next);
    setPicked(next);
  }, []);
  return [store, pick, stores, cache?.storeCode === store ? cache : undefined];
}

interface StorePickerProps {
  store?: string;
  stores: string[];
  onPick(store: string): void;
  /** The store's offline product copy: staff see whether unknown products will be caught without Wi-Fi. */
  cache?: ProductCacheInfo;
}

export function StorePicker({ store, stores, onPick, cache }: StorePickerProps) {
  const { t } = useTranslation('scan');
  return (
    <div className="scan-store">
      <label>
        {t('store')}
        <select value={store ?? ''} onChange={(e) => e.target.value && onPick(e.target.value)} data-testid="store-picker">
          {!store && (
            <option value="" disabled>
              {t('pickStore')}
            </option>
          )}
          {stores.map((code) => (
            <option key={code} value={code}>
              {code}
            </option>
          ))}
        </select>
      </label>
      {cache && (
        <span className="lean-note" data-testid="product-cache">
          {t('productCache', { count: cache.count })}
        </span>
      )}
    </div>
  );
}
