import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type common from '../../locales/en_US/common.json';
import type auth from '../../locales/en_US/auth.json';
import type layout from '../../locales/en_US/layout.json';
import type dashboard from '../../locales/en_US/dashboard.json';
import type scan from '../../locales/en_US/scan.json';
import type tagAssign from '../../locales/en_US/tagAssign.json';
import type exceptions from '../../locales/en_US/exceptions.json';
import type servers from '../../locales/en_US/servers.json';
import type tags from '../../locales/en_US/tags.json';
import type sensors from '../../locales/en_US/sensors.json';
import type store from '../../locales/en_US/store.json';
import type products from '../../locales/en_US/products.json';
import type tasks from '../../locales/en_US/tasks.json';
import type settings from '../../locales/en_US/settings.json';
import type members from '../../locales/en_US/members.json';
import type ota from '../../locales/en_US/ota.json';
import type codeEditors from '../../locales/en_US/codeEditors.json';
import type alias from '../../locales/en_US/alias.json';
import type paper from '../../locales/en_US/paper.json';
import type print from '../../locales/en_US/print.json';
import type storeConfig from '../../locales/en_US/storeConfig.json';
import type plus from '../../locales/en_US/plus.json';
import type plusMedia from '../../locales/en_US/plusMedia.json';
import type plusShowEditor from '../../locales/en_US/plusShowEditor.json';
import type plusV1 from '../../locales/en_US/plusV1.json';
import type plusTemplates from '../../locales/en_US/plusTemplates.json';
import { LOCALES_CACHE } from './sw-caches';

/*
 * Three languages (console-core §1): the choice is kept in localStorage; anything else means en_US; changing it
 * reloads the page. Translations are fetched at run time from /locales (cached by the service worker as they
 * are used), so a language nobody uses is never downloaded. The en_US files type the keys: a key missing from
 * en_US fails the type check.
 */
export const LANGUAGES = ['en_US', 'ja_JP', 'ko_KR'] as const;
export type Language = (typeof LANGUAGES)[number];
export const NAMESPACES = [
  'common',
  'auth',
  'layout',
  'dashboard',
  'scan',
  'tagAssign',
  'exceptions',
  'servers',
  'tags',
  'sensors',
  'store',
  'settings',
  'products',
  'tasks',
  'members',
  'ota',
  'codeEditors',
  'alias',
  'paper',
  'print',
  'storeConfig',
  'plus',
  'plusMedia',
  'plusShowEditor',
  'plusV1',
  'plusTemplates',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

const STORAGE_KEY = 'shelfpad.language';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      common: typeof common;
      auth: typeof auth;
      layout: typeof layout;
      dashboard: typeof dashboard;
      scan: typeof scan;
      tagAssign: typeof tagAssign;
      exceptions: typeof exceptions;
      servers: typeof servers;
      tags: typeof tags;
      sensors: typeof sensors;
      store: typeof store;
      settings: typeof settings;
      products: typeof products;
      tasks: typeof tasks;
      members: typeof members;
      ota: typeof ota;
      codeEditors: typeof codeEditors;
      alias: typeof alias;
      paper: typeof paper;
      print: typeof print;
      storeConfig: typeof storeConfig;
      plus: typeof plus;
      plusMedia: typeof plusMedia;
      plusShowEditor: typeof plusShowEditor;
      plusV1: typeof plusV1;
      plusTemplates: typeof plusTemplates;
    };
  }
}

// spec: core §1.3 — stored language, English otherwise; setLanguage reloads
export function currentLanguage(): Language {
  const stored = localStorage.getItem(STORAGE_KEY);
  return (LANGUAGES as readonly string[]).includes(stored ?? '') ? (stored as Language) : 'en_US';
}

/** Store the choice and reload, as the spec asks. */
export function setLanguage(language: Language): void {
  localStorage.setItem(STORAGE_KEY, language);
  window.location.reload();
}

// The version (a hash of the locale files, vite.config.ts) gives every build its own URLs in the service worker's
// cache, so an update never starts with the previous version's texts.
const namespaceUrl = (language: Language, ns: Namespace) =>
  `./locales/${language}/${ns}.json?v=${import.meta.env.VITE_LOCALES_VERSION ?? 'dev'}`;

async function fetchNamespace(language: Language, ns: Namespace): Promise<Record<string, unknown>> {
  const res = await fetch(namespaceUrl(language, ns));
  if (!res.ok) throw new Error(`locale ${language}/${ns}: ${res.status}`);
  return res.json();
}

/** i18next's backend for the namespaces not loaded at start: a screen asking for one suspends until it is here. */
const localeBackend = {
  type: 'backend' as const,
  init() {},
  read(language: string, ns: string, done: (error: unknown, data: Record<string, unknown> | false) => void) {
    fetchNamespace(language as Language, ns as Namespace).then(
      (data) => done(null, data),
      (error: unknown) => done(error, false),
    );
  },
};

/**
 * `first`: the namespaces the first screen needs; the start waits for these alone (issue 10: a lean first screen
 * loads 2–3 of 24 files before it paints). loadAllNamespaces() fetches the rest.
 */
export async function initI18n(first: readonly Namespace[] = NAMESPACES): Promise<void> {
  const language = currentLanguage();
  const resources: Record<string, Record<string, Record<string, unknown>>> = { [language]: {} };
  // A namespace that cannot be fetched (offline, never cached) is left to the backend to try again when a screen
  // asks for it, rather than leaving every text of the app as a key.
  const failed: unknown[] = [];
  await Promise.all(
    first.map((ns) =>
      fetchNamespace(language, ns).then(
        (data) => (resources[language][ns] = data),
        (error: unknown) => failed.push(error),
      ),
    ),
  );
  document.documentElement.lang = language.replace('_', '-');
  await i18next
    .use(localeBackend)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: false,
      ns: first.filter((ns) => resources[language][ns]),
      defaultNS: 'common',
      resources,
      // The namespaces not in `resources` come through localeBackend when asked for, in this language only (not 'en').
      partialBundledLanguages: true,
      load: 'currentOnly',
      interpolation: { escapeValue: false }, // React escapes
      returnNull: false,
    });
  if (failed.length > 0) throw new AggregateError(failed, `${failed.length} of ${first.length} translation files could not be loaded`);
}

/**
 * Every namespace: the console's screens use any of them, and fetching each once (the service worker keeps them)
 * lets a later offline start show any screen in its language.
 */
export async function loadAllNamespaces(): Promise<void> {
  if (i18next.isInitialized) await i18next.loadNamespaces([...NAMESPACES]);
}

/** The address of every namespace of this version in the current language: what a later offline start may need. */
export const allNamespaceUrls = (): string[] => NAMESPACES.map((ns) => new URL(namespaceUrl(currentLanguage(), ns), document.baseURI).href);

/**
 * Every namespace of this version in the service worker's cache, for a later offline start of any screen: only the
 * files it lacks are fetched (the worker keeps what passes through it), and none is parsed — loading all of them
 * into i18next at every start was main-thread work of each warm start (issue 10). A screen still loads its own.
 */
export async function cacheMissingNamespaces(): Promise<void> {
  if (!('caches' in window)) return;
  const cached = new Set((await (await caches.open(LOCALES_CACHE)).keys()).map((request) => request.url));
  await Promise.all(
    allNamespaceUrls()
      .filter((url) => !cached.has(url))
      .map((url) => fetch(url).catch(() => undefined)),
  );
}
