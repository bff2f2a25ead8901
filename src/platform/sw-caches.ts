/** The service worker's cache of the locale files: named in its runtime caching (vite.config.ts) and read by i18n.ts. */
export const LOCALES_CACHE = 'shelfpad-locales';
