import { beforeAll, describe, expect, it } from 'vitest';
import { createElement, Fragment, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import en from '../../locales/en_US/tags.json';
import ja from '../../locales/ja_JP/tags.json';
import type { Tag } from '../../contract/schemas/tags';
import { useTagListColumns } from '../../src/features/tags/tag-list-columns';

/*
 * console-core §4 and §8 as the tag list of a store (/tag/detail/{storeCode}) shows them: the real columns of the
 * list, each cell rendered for a tag as the server answers it. Battery status OK, NG or another value; the tag mode
 * (Normal, Assign, Active) of the tag's operation number; a tag type code outside the tables is 'UNKNOWN'.
 */
const i18n = i18next.createInstance();
beforeAll(async () => {
  // The list reads the server's tag type names from the session's storage; node has none, and this tag has none.
  (globalThis as { sessionStorage?: unknown }).sessionStorage ??= {
    getItem: () => null,
    setItem: () => undefined,
    removeItem: () => undefined,
  };
  await i18n
    .use(initReactI18next)
    .init({ lng: 'en_US', ns: ['tags'], defaultNS: 'tags', resources: { en_US: { tags: en }, ja_JP: { tags: ja } } });
});

const tag = (over: Partial<Tag> = {}): Tag => ({
  tagMac: 'AABBCCDDEEFF',
  barcode: 'AABBCCDDEEFF',
  tagType: 'B3',
  operation: 1,
  status: 'OK',
  battStatus: 'OK',
  companyCode: 'ACME',
  ...over,
});

/** The cells of the named columns for one tag, as the list draws them, in the given language. */
function cells(row: Tag, fields: string[], lng = 'en_US'): Record<string, string> {
  function Cells() {
    const columns = useTagListColumns({ storeCode: 'TKY001', showCompany: false, onPreview: () => undefined });
    return createElement(
      Fragment,
      null,
      fields.map((field) => {
        const column = columns.find((c) => c.field === field)!;
        return createElement('td', { key: field, 'data-col': field, 'data-label': column.label }, column.render!(row));
      }),
    );
  }
  void i18n.changeLanguage(lng);
  const html = renderToStaticMarkup(createElement(I18nextProvider, { i18n }, createElement(Cells)));
  return Object.fromEntries(
    [...html.matchAll(/<td data-col="(\w+)" data-label="([^"]*)">(.*?)<\/td>/g)].map((m) => [m[1], `${m[2]}|${m[3]}`]),
  );
}

/** The Ionic colour of the battery status badge the list's cell draws. */
function badgeColour(row: Tag): string | undefined {
  let colour: string | undefined;
  function Cell() {
    const column = useTagListColumns({ storeCode: 'TKY001', showCompany: false, onPreview: () => undefined }).find(
      (c) => c.field === 'battStatus',
    )!;
    const cell = column.render!(row) as ReactElement<{ status?: string }>;
    const badge = (cell.type as (props: { status?: string }) => ReactElement<{ color?: string }>)(cell.props);
    colour = badge.props.color;
    return null;
  }
  renderToStaticMarkup(createElement(I18nextProvider, { i18n }, createElement(Cell)));
  return colour;
}

describe('the tag list of a store', () => {
  // spec: core §4.4 — battery status: OK, NG, other
  it('shows the battery status OK in green, NG in red and any other value as it is, in grey', () => {
    expect(cells(tag({ battStatus: 'OK' }), ['battStatus']).battStatus).toBe('Battery status|<ion-badge data-batt="OK">OK</ion-badge>');
    expect(cells(tag({ battStatus: 'NG' }), ['battStatus']).battStatus).toBe('Battery status|<ion-badge data-batt="NG">NG</ion-badge>');
    expect(cells(tag({ battStatus: 'LOW' }), ['battStatus']).battStatus).toBe('Battery status|<ion-badge data-batt="LOW">LOW</ion-badge>');
    expect(cells(tag({ battStatus: undefined }), ['battStatus']).battStatus).toBe('Battery status|');
    // The colour is a property of the Ionic badge (not in the server markup): read it from the element drawn.
    expect(['OK', 'NG', 'LOW'].map((status) => badgeColour(tag({ battStatus: status })))).toEqual(['success', 'danger', 'medium']);
  });

  // spec: core §4.4 — tag modes: Normal, Assign, Active (operation 0, 1 — "1 means assigned" — and 2)
  it("shows the tag mode of the operation number: 0 Normal, 1 Assign, 2 Active, in the member's language", () => {
    expect(cells(tag({ operation: 0 }), ['operation']).operation).toBe('Tag mode|<span data-mode="Normal">Normal</span>');
    expect(cells(tag({ operation: 1 }), ['operation']).operation).toBe('Tag mode|<span data-mode="Assign">Assign</span>');
    expect(cells(tag({ operation: 2 }), ['operation']).operation).toBe('Tag mode|<span data-mode="Active">Active</span>');
    expect(cells(tag({ operation: 7 }), ['operation']).operation).toBe('Tag mode|<span data-mode="7">7</span>');
    expect(cells(tag({ operation: 1 }), ['operation'], 'ja_JP').operation).toBe('タグモード|<span data-mode="Assign">割り当て</span>');
  });

  // spec: core §8.21 — unknown tag type: 'UNKNOWN'
  it("names a tag type code outside the tables 'UNKNOWN', and a known one by its model", () => {
    expect(cells(tag({ tagType: 'Z9' }), ['tagType']).tagType).toBe('Tag type|<span data-code="Z9">UNKNOWN</span>');
    expect(cells(tag({ tagType: '' }), ['tagType']).tagType).toBe('Tag type|<span data-code="">UNKNOWN</span>');
    expect(cells(tag({ tagType: 'B3' }), ['tagType']).tagType).toBe('Tag type|<span data-code="B3">2.9&quot; LED NFC</span>');
  });
});
