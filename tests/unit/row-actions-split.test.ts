import { describe, expect, it } from 'vitest';
import { splitRowActions } from '../../src/ui/data-table/row-menu';
import type { RowActionDef } from '../../src/ui/data-table/types';

/* Issue 31 §11, §12: which of a row's actions stay on the row and which wait in its "⋯" menu. */
const action = (label: string, more: Partial<RowActionDef<unknown>> = {}): RowActionDef<unknown> => ({
  label,
  run: () => undefined,
  ...more,
});
const labels = (split: { inline: RowActionDef<unknown>[]; menu: RowActionDef<unknown>[] }) => ({
  inline: split.inline.map((a) => a.label),
  menu: split.menu.map((a) => a.label),
});

describe('splitRowActions', () => {
  it('keeps two harmless actions on the row, with no menu', () => {
    expect(labels(splitRowActions([action('Edit'), action('SMTP')]))).toEqual({ inline: ['Edit', 'SMTP'], menu: [] });
  });

  it('never puts a red Delete beside Edit: it waits in the menu even when the row has two actions', () => {
    expect(labels(splitRowActions([action('Edit', { primary: true }), action('Delete', { color: 'danger' })]))).toEqual({
      inline: ['Edit'],
      menu: ['Delete'],
    });
    expect(labels(splitRowActions([action('Edit'), action('Delete', { color: 'danger' })]))).toEqual({
      inline: ['Edit'],
      menu: ['Delete'],
    });
  });

  it('keeps the primary ones (two at most) and lists the rest with the destructive ones last', () => {
    const split = splitRowActions([
      action('Delete', { color: 'danger' }),
      action('Edit', { primary: true }),
      action('Download', { primary: true }),
      action('Replace', { file: { accept: '.json', onFile: () => undefined } }),
    ]);
    expect(labels(split)).toEqual({ inline: ['Edit', 'Download'], menu: ['Replace', 'Delete'] });
  });

  it('keeps a destructive action on the row when the row offers nothing else', () => {
    expect(labels(splitRowActions([action('Remove', { color: 'danger' })]))).toEqual({ inline: ['Remove'], menu: [] });
  });

  it('declares no primary: the first harmless action stays', () => {
    expect(labels(splitRowActions([action('Info'), action('Camera'), action('Screen')]))).toEqual({
      inline: ['Info'],
      menu: ['Camera', 'Screen'],
    });
  });
});
