import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createElement, Fragment, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { SWRConfig, type Middleware } from 'swr';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import common from '../../locales/en_US/common.json';
import products from '../../locales/en_US/products.json';
import storeConfig from '../../locales/en_US/storeConfig.json';
import tags from '../../locales/en_US/tags.json';
import type { SystemConfig } from '../../contract/schemas/auth';
import type { ProductUpdateHistoryRow, SecondCode } from '../../contract/schemas/products';
import type { Tag } from '../../contract/schemas/tags';
import { endpoints } from '../../contract/endpoints';
import { currentLanguage, LANGUAGES } from '../../src/platform/i18n';
import { openDatabase } from '../../server/db/client';
import { companies, serverConfig, stores } from '../../server/db/schema/index';
import { productUpdateHistoryPage } from '../../server/repos/product-history';
import { applyProductUpdate } from '../../server/repos/product-update';
import ProductHistoryPage from '../../src/features/products/product-history-page';
import SecondCodeListPage from '../../src/features/products/second-code-list-page';
import { newStoreValues, storeCreateBody, storeFields } from '../../src/features/settings/store-config-form';
import { cleanCodeList } from '../../src/features/tag-assign/assign-input';
import { useTagListColumns } from '../../src/features/tags/tag-list-columns';
import { siteProfile } from '../../src/platform/site-profile';

/*
 * console-admin §1 (the paragraph before §1.1): the system configuration of the signed-in member carries site flags
 * that change what the console shows. Each test renders the real screen (or calls the code the screen calls) with a
 * session whose systemConfig has the flag on and again with it off, and compares what a member sees.
 */

// A server render has no subscription to the session store (its server snapshot is none): screens read the stored
// session of the signed-in member directly, as they do in the browser.
vi.mock('../../src/platform/session', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/platform/session')>();
  return { ...real, useSession: () => real.getSession() };
});

const storage = (): Storage => {
  const kept = new Map<string, string>();
  return {
    getItem: (k: string) => kept.get(k) ?? null,
    setItem: (k: string, v: string) => void kept.set(k, v),
    removeItem: (k: string) => void kept.delete(k),
    clear: () => kept.clear(),
    key: (i: number) => [...kept.keys()][i] ?? null,
    get length() {
      return kept.size;
    },
  };
};

const HISTORY_ROUTE = '/product/ACME/TKY001/4901234567894/update/history';
const i18n = i18next.createInstance();
beforeAll(async () => {
  const g = globalThis as { sessionStorage?: Storage; localStorage?: Storage; window?: unknown };
  g.sessionStorage = storage();
  g.localStorage = storage();
  // The page frame reads the route of the location (hash routing); node has no window.
  g.window ??= {
    location: { hash: `#${HISTORY_ROUTE}`, search: '' },
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  };
  await i18n.use(initReactI18next).init({
    lng: 'en_US',
    ns: ['products', 'common', 'tags', 'storeConfig'],
    defaultNS: 'products',
    resources: { en_US: { products, common, tags, storeConfig } },
  });
});
afterEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});

const STANDARD: SystemConfig = { site: '', useSubDomain: false, imageBaseUpdate: false, enableProductUpdateHistory: true };

/** Signs a member in whose system has these flags (as the login answer stores the session). */
function signIn(flags: Partial<SystemConfig>): void {
  sessionStorage.setItem(
    'shelfpad.session',
    JSON.stringify({ accessToken: 'token', email: 'op@example.com', systemConfig: { ...STANDARD, ...flags } }),
  );
}

/** The server's answer to a table's call, by the call's path: the real table draws these rows. */
function answering(pages: Record<string, unknown[]>): Middleware {
  return (useSWRNext) => (key, fetcher, config) => {
    const rows = Array.isArray(key) ? pages[key[0] as string] : undefined;
    const next = useSWRNext(key, fetcher, config);
    if (!rows) return next;
    return {
      ...next,
      data: { draw: 1, recordsTotal: rows.length, recordsFiltered: rows.length, data: rows } as typeof next.data,
      isLoading: false,
      error: undefined,
    };
  };
}

function render(path: string, route: string, page: ReactNode, pages: Record<string, unknown[]>): string {
  return renderToStaticMarkup(
    createElement(
      I18nextProvider,
      { i18n },
      createElement(
        SWRConfig,
        { value: { provider: () => new Map(), use: [answering(pages)] } },
        createElement(
          MemoryRouter,
          { initialEntries: [path] },
          createElement(Routes, null, createElement(Route, { path: route, element: page })),
        ),
      ),
    ),
  );
}

/** The column headers of the table a page drew, in order. */
const headers = (html: string) =>
  [...html.matchAll(/<th[^>]*>(.*?)<\/th>/g)].map((m) => m[1].replace(/<[^>]+>/g, '').trim()).filter(Boolean);

describe('imageBaseUpdate (image-based update mode)', () => {
  const version: ProductUpdateHistoryRow = {
    updateId: 'U42',
    prCode: '4901234567894',
    layoutId: 'LAYOUT-7',
    tagType: 'B3',
    prInfo: ['Milk', '1.99'],
    nfc: '',
    updatedAt: '2026-01-02T03:04:05Z',
  };
  const history = () =>
    render(HISTORY_ROUTE, '/product/:companyCode/:storeCode/:prCode/update/history', createElement(ProductHistoryPage), {
      [endpoints.productUpdateHistory.path]: [version],
    });

  // spec: admin §1.0a — imageBaseUpdate: the product update history shows the tag type instead of the layout
  it("shows the tag type of each version in the product's update history instead of its layout, in image mode only", () => {
    signIn({ imageBaseUpdate: true });
    const image = history();
    expect(headers(image)).toContain('Tag Type');
    expect(headers(image)).not.toContain('Layout ID');
    expect(image).toContain('>B3<');
    expect(image).not.toContain('LAYOUT-7');

    signIn({ imageBaseUpdate: false });
    const standard = history();
    expect(headers(standard)).toContain('Layout ID');
    expect(headers(standard)).not.toContain('Tag Type');
    expect(standard).toContain('LAYOUT-7');
    expect(standard).not.toContain('>B3<');
  });
});

describe('site (coop and nec)', () => {
  const ITALIAN = [
    'CODICE_TIPO_VENDITA',
    'DATA_INSERIMENTO',
    'DATA_CESSAZIONE',
    'DATA_ELIMINAZIONE',
    'DATA_ACQUISIZIONE',
    'NOME_PROGRAMMA',
    'NOME_OPERATORE',
    'FLG_DB_TRIGGER',
    'DATA_MODIFICA',
  ];
  const secondCode = { prCode: '0000000012345', secondCode: 'S-1', storeCode: 'TKY001', NOME_OPERATORE: 'Rossi' } as SecondCode;
  const secondCodes = () =>
    render('/product/secondCode/list', '/product/secondCode/list', createElement(SecondCodeListPage), {
      [endpoints.secondCodeList.path]: [secondCode],
    });

  // spec: admin §1.0a — site coop: the second-code list adds the Italian columns
  it('adds the Italian columns to the second-code list for the coop site only', () => {
    signIn({ site: 'coop' });
    const coop = secondCodes();
    expect(headers(coop)).toEqual(['Product Code', 'Second code', 'Store', ...ITALIAN]);
    expect(coop).toContain('Rossi');

    for (const site of ['', 'nec', 'standard']) {
      signIn({ site });
      const other = secondCodes();
      expect(headers(other)).toEqual(['Product Code', 'Second code', 'Store']);
      expect(other).not.toContain('Rossi');
    }
  });

  // spec: admin §1.0a — site coop: product codes are padded with zeros to 13 characters (multi assign's code list)
  it('pads the product codes a coop member types to 13 digits, and leaves them as typed elsewhere', () => {
    // The multi-assign form cleans its code list with the pad length of the signed-in member's site profile.
    expect(cleanCodeList('12345, 678', siteProfile('coop').prCodePadLength)).toEqual(['0000000012345', '0000000000678']);
    expect(cleanCodeList('12345, 678', siteProfile('nec').prCodePadLength)).toEqual(['12345', '678']);
    expect(cleanCodeList('12345, 678', siteProfile('').prCodePadLength)).toEqual(['12345', '678']);
  });

  /** The status cell and the status filter's choices of a store's tag list, as the signed-in member sees them. */
  function tagStatus(status: Tag['status']): { cell: string; options: readonly { value: string; label: string }[] } {
    let options: readonly { value: string; label: string }[] = [];
    function Cell() {
      const column = useTagListColumns({ storeCode: 'TKY001', showCompany: false, onPreview: () => undefined }).find(
        (c) => c.field === 'status',
      )!;
      options = column.options ?? [];
      return createElement(
        Fragment,
        null,
        column.render!({ tagMac: 'AABBCCDDEEFF', barcode: 'AABBCCDDEEFF', tagType: 'B3', operation: 1, status, companyCode: 'ACME' }),
      );
    }
    const cell = renderToStaticMarkup(createElement(I18nextProvider, { i18n }, createElement(MemoryRouter, null, createElement(Cell))));
    return { cell: cell.replace(/<[^>]+>/g, '').trim(), options };
  }

  // spec: admin §1.0a — site nec: a MISSING tag reads NG1, and the NG filter also selects REQ_ONLY, REQ_ONLY2 and MISSING
  it('shows a MISSING tag as NG1 and widens the NG filter for the nec site only', () => {
    signIn({ site: 'nec' });
    const nec = tagStatus('MISSING');
    expect(nec.cell).toBe('NG1');
    expect(nec.options.find((o) => o.label === 'NG')?.value).toBe('NG,REQ_ONLY,REQ_ONLY2,MISSING');
    expect(nec.options.find((o) => o.value === 'MISSING')?.label).toBe('NG1');

    signIn({ site: 'coop' });
    const coop = tagStatus('MISSING');
    expect(coop.cell).toBe('MISSING');
    expect(coop.options.find((o) => o.label === 'NG')?.value).toBe('NG');
  });
});

describe('useSubDomain', () => {
  const t = i18n.getFixedT('en_US', 'storeConfig');
  const values = { ...newStoreValues('ACME'), storeCode: 'TKY009', storeName: 'Tokyo 9' };
  const codeField = (useSubDomain: boolean) =>
    storeFields(t as never, { mode: 'create', companies: ['ACME'], useSubDomain, picker: () => null })(values).find(
      (f) => f.name === 'storeCode',
    )!;

  // spec: admin §1.0a — useSubDomain: a new store's code is saved as <companyCode>_<storeCode>, and the form says so
  it("saves a new store's code with the company code and an underscore before it, and tells the member, with useSubDomain on only", () => {
    // The store settings page passes the signed-in member's systemConfig.useSubDomain to these two.
    expect(storeCreateBody(values, true).storeCode).toBe('ACME_TKY009');
    expect(codeField(true).placeholder).toBe('The code is saved as ACME_…');
    expect(storeCreateBody(values, false).storeCode).toBe('TKY009');
    expect(codeField(false).placeholder).toBeUndefined();
  });
});

describe('enableProductUpdateHistory', () => {
  // The flag is read where the server stores an update (server/repos/product-update.ts); the console itself does not
  // read it: the product's update history page (above) lists what the server kept, and with the flag off that is nothing.
  // spec: admin §1.0a — enableProductUpdateHistory: a product update keeps a version in the history only with the flag on
  it("keeps each product update in the product's update history with the flag on, and none with it off", async () => {
    // PGlite takes a global window for a browser's: the stand-in the page frame reads is away while it starts.
    const g = globalThis as { window?: unknown };
    const frameWindow = g.window;
    delete g.window;
    const { db, close } = await openDatabase().finally(() => (g.window = frameWindow));
    try {
      await db.insert(companies).values({ companyCode: 'ACME', companyName: 'Acme' });
      await db.insert(stores).values({ storeCode: 'TKY001', companyCode: 'ACME', storeName: 'Tokyo 1' });
      await db.insert(serverConfig).values({ id: 1, enableProductUpdateHistory: false });
      const update = (info: string) =>
        applyProductUpdate(db, { storeCode: 'TKY001', companyCode: 'ACME', now: new Date() }, [
          { prCode: '4901234567894', prInfo: [info], layoutId: 'LAYOUT-7' },
        ]);
      const history = async () =>
        (await productUpdateHistoryPage(db, 'TKY001', '4901234567894', { draw: 1, start: 0, length: 25 })).data.map((r) => r.prInfo[0]);
      await update('Milk 1.99');
      expect(await history()).toEqual([]);

      await db.update(serverConfig).set({ enableProductUpdateHistory: true });
      await update('Milk 2.49');
      expect(await history()).toEqual(['Milk 2.49']);
    } finally {
      await close();
    }
  }, 60_000);
});

describe('interface languages', () => {
  // spec: admin §1.0a — languages en_US, ja_JP, ko_KR; en_US by default
  it('offers en_US, ja_JP and ko_KR, and is in en_US unless one of them was chosen', () => {
    expect(LANGUAGES).toEqual(['en_US', 'ja_JP', 'ko_KR']);
    expect(currentLanguage()).toBe('en_US');
    localStorage.setItem('shelfpad.language', 'ko_KR');
    expect(currentLanguage()).toBe('ko_KR');
    localStorage.setItem('shelfpad.language', 'fr_FR');
    expect(currentLanguage()).toBe('en_US');
  });
});
