import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { statusEndpoints } from '../../../contract/endpoints/status';
import { api } from '../../platform/api';
import { canRead, useSession } from '../../platform/session';
import { offlineLayer } from '../../offline/lazy';
import type { ProductCacheInfo } from '../../offline/product-cache';
import './store-picker.css';

/** The store a handheld scans in rarely changes: remembered on the device, not in the session. */
export const SCAN_STORE_KEY = 'shelfpad.scan.store';

const NAMES_KEY = 'shelfpad.storeNames';

function storedNames(): Record<string, string> {
  try {
    return JSON.parse(localStorage.getItem(NAMES_KEY) ?? '{}') as Record<string, string>;
  } catch {
    return {};
  }
}

/**
 * Store names beside their codes (issue 31 §10: "TKY001" alone says little on a shop floor). The session holds codes
 * only; the names come from the store list when the member may read it, kept on the device for offline starts.
 */
function useStoreNames(): Record<string, string> {
  const mayRead = canRead(useSession(), 'store');
  const [names, setNames] = useState(storedNames);
  useEffect(() => {
    if (!mayRead) return;
    let live = true;
    api
      .call(statusEndpoints.statusStoreList, { query: {} })
      .then((rows) => {
        const next = Object.fromEntries(rows.map((r) => [r.storeCode, r.storeName]));
        localStorage.setItem(NAMES_KEY, JSON.stringify(next));
        if (live) setNames(next);
      })
      .catch(() => undefined); // offline: the names kept from last time, or codes alone
    return () => {
      live = false;
    };
  }, [mayRead]);
  return names;
}

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
      .then(({ refreshProductCache, productCacheInfo }) =>
        refreshProductCache(store, abort.signal)
          .catch(() => {})
          .then(() => productCacheInfo(store)),
      )
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
  /** The screen tells of the offline copy (the scan screen): its line is there, blank until the copy is known. */
  showCache?: boolean;
}

export function StorePicker({ store, stores, onPick, cache, showCache = false }: StorePickerProps) {
  const { t } = useTranslation('scan');
  const names = useStoreNames();
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
              {names[code] ? `${code} · ${names[code]}` : code}
            </option>
          ))}
        </select>
      </label>
      {/* The line's place is kept while the copy loads, so that the form below does not jump when it comes. */}
      {showCache && (
        <span className="lean-note scan-store__cache" data-testid={cache ? 'product-cache' : undefined} aria-hidden={!cache}>
          {cache ? t('productCache', { count: cache.count }) : '\u00a0'}
        </span>
      )}
    </div>
  );
}
