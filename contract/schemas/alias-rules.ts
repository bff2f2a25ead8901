import type { AliasDataType, AliasItem, CustomDataTypeGroup, ProductType } from './settings-alias';

/*
 * The pure rules of the alias and layout editors (console-admin §3, §4, §5, §9), shared by the console (which applies
 * them while editing) and the reference server (which refuses what breaks them).
 */

/** console-admin §9: "Default alias dataTypeLength 10". */
export const DEFAULT_DATA_TYPE_LENGTH = 10;

/** Built-in data types of an alias item; a company's custom data type groups join them as lists of choices (depth 1). */
export const BUILTIN_DATA_TYPES: readonly AliasDataType[] = [
  { code: 'STRING', name: 'String', depth: 0 },
  { code: 'NUMBER', name: 'Number', depth: 0 },
  { code: 'DATE', name: 'Date', depth: 0 },
  { code: 'URL', name: 'URL', depth: 0 },
];

/** The data types an alias of a company may take: the built-ins, then its custom groups. */
export function dataTypesOf(groups: readonly Pick<CustomDataTypeGroup, 'groupCode' | 'groupName'>[]): AliasDataType[] {
  const builtIn = new Set(BUILTIN_DATA_TYPES.map((t) => t.code));
  return [
    ...BUILTIN_DATA_TYPES,
    ...groups.filter((g) => !builtIn.has(g.groupCode)).map((g) => ({ code: g.groupCode, name: g.groupName || g.groupCode, depth: 1 })),
  ];
}

/** A length for data types of depth 0 (10 unless given); none for lists of choices (depth > 0). */
// spec: admin §9.9, admin §3.2 — dataTypeLength 10 by default, none for depth > 0
export function dataTypeLengthFor(type: string, types: readonly AliasDataType[], given?: number | null): number | null {
  const depth = types.find((t) => t.code === type)?.depth ?? 0;
  if (depth > 0) return null;
  return given ?? DEFAULT_DATA_TYPE_LENGTH;
}

/** Tick one alias as the key: "only one alias may be key", so every other one loses it. */
export function withKey<T extends Pick<AliasItem, 'index' | 'key'>>(items: readonly T[], index: number, key: boolean): T[] {
  return items.map((a) => (a.index === index ? { ...a, key } : key ? { ...a, key: false } : a));
}

/** What is wrong with an alias list as a whole, or undefined (the server's checks; the console keeps them true). */
export function aliasListProblem(
  items: readonly Pick<AliasItem, 'index' | 'name' | 'key' | 'type'>[],
  types: readonly AliasDataType[],
): string | undefined {
  if (items.filter((a) => a.key).length > 1) return 'Only one alias may be the key.';
  const indices = new Set(items.map((a) => a.index));
  if (indices.size !== items.length) return 'Alias indices must be unique.';
  const names = new Set(items.map((a) => a.name.trim().toLowerCase()));
  if (names.size !== items.length) return 'Alias names must be unique.';
  const known = new Set(types.map((t) => t.code));
  const unknown = items.find((a) => !known.has(a.type));
  if (unknown) return `Unknown data type ${unknown.type} of alias ${unknown.name}.`;
  return undefined;
}

/**
 * Delete one alias: the aliases after it move down one index, and every product type loses it from its display
 * items, the indices above it move down and the orders close the gap (console-admin §4).
 */
// spec: admin §4.12 — deleting an alias renumbers indices and orders in product types
export function deleteAlias<A extends Pick<AliasItem, 'index'>, P extends Pick<ProductType, 'alias'>>(
  items: readonly A[],
  productTypes: readonly P[],
  index: number,
): { items: A[]; productTypes: P[] } {
  return {
    items: items.filter((a) => a.index !== index).map((a) => (a.index > index ? { ...a, index: a.index - 1 } : a)),
    productTypes: productTypes.map((p) => ({
      ...p,
      alias: [...p.alias]
        .filter((d) => d.index !== index)
        .sort((x, y) => x.order - y.order)
        .map((d, order) => ({ ...d, index: d.index > index ? d.index - 1 : d.index, order })),
    })),
  };
}

/** "Blank-named aliases dropped on save": each is deleted as the user would, from the highest index down. */
// spec: admin §5.11 — blank-named aliases dropped on save
export function dropBlankAliases<A extends Pick<AliasItem, 'index' | 'name'>, P extends Pick<ProductType, 'alias'>>(
  items: readonly A[],
  productTypes: readonly P[],
): { items: A[]; productTypes: P[] } {
  const blank = items
    .filter((a) => !a.name.trim())
    .map((a) => a.index)
    .sort((x, y) => y - x);
  return blank.reduce((acc, index) => deleteAlias(acc.items, acc.productTypes, index), {
    items: [...items],
    productTypes: [...productTypes],
  });
}

/** The next free alias index (aliases are numbered 0.. without gaps). */
export const nextAliasIndex = (items: readonly Pick<AliasItem, 'index'>[]) =>
  items.length ? Math.max(...items.map((a) => a.index)) + 1 : 0;

/** Add display items to a product type after its last one; already shown aliases are not doubled. */
export function addDisplayItems<P extends Pick<ProductType, 'alias'>>(type: P, indices: readonly number[]): P {
  const shown = new Set(type.alias.map((d) => d.index));
  const fresh = indices.filter((i) => !shown.has(i));
  const start = type.alias.length;
  return { ...type, alias: [...type.alias, ...fresh.map((index, i) => ({ index, order: start + i, storeManagement: false }))] };
}

/** "Custom data type groups and elements with blank code dropped", codes and names trimmed, indices renumbered. */
// spec: admin §5.11 — blank-coded groups and elements dropped
export function dropBlankGroups(groups: readonly CustomDataTypeGroup[]): CustomDataTypeGroup[] {
  return groups
    .filter((g) => g.groupCode.trim())
    .map((g, index) => ({
      groupCode: g.groupCode.trim(),
      groupName: g.groupName.trim(),
      index,
      elements: g.elements.filter((e) => e.code.trim()).map((e, i) => ({ code: e.code.trim(), codeName: e.codeName.trim(), index: i })),
    }));
}

/** "Layout types with blank name dropped"; names trimmed, each once. */
export const dropBlankLayoutTypes = (names: readonly string[]) => [...new Set(names.map((n) => n.trim()).filter(Boolean))];

/** The first code given twice (case as written), or undefined. */
export function firstDuplicate(codes: readonly string[]): string | undefined {
  const seen = new Set<string>();
  for (const code of codes) {
    if (seen.has(code)) return code;
    seen.add(code);
  }
  return undefined;
}
