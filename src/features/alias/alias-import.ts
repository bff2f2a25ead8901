import { Type, type Static } from 'typebox';
import { Value } from 'typebox/value';

/*
 * The JSON file of the alias screen's import and export (console-admin §2, §5: "Imported alias ... files must be
 * valid JSON"). The export holds the company's alias list, product types and custom data type groups; the import
 * takes the same shape and refuses anything else with a message that says what is wrong.
 */

const Int = Type.Integer({ minimum: 0, maximum: 10_000 });
const AliasFileSchema = Type.Object({
  alias: Type.Array(
    Type.Object({
      index: Type.Integer({ minimum: 0, maximum: 254 }),
      name: Type.String({ maxLength: 100 }),
      type: Type.String({ maxLength: 64 }),
      key: Type.Boolean(),
      chart: Type.Optional(Type.Boolean()),
      dataTypeLength: Type.Optional(Type.Union([Type.Integer({ minimum: 1, maximum: 1000 }), Type.Null()])),
    }),
    { maxItems: 255 },
  ),
  productTypes: Type.Optional(
    Type.Array(
      Type.Object({
        code: Type.String({ maxLength: 64 }),
        name: Type.String({ maxLength: 100 }),
        storeManagement: Type.Optional(Type.Boolean()),
        alias: Type.Array(
          Type.Object({ index: Type.Integer({ minimum: 0, maximum: 254 }), order: Int, storeManagement: Type.Optional(Type.Boolean()) }),
        ),
      }),
      { maxItems: 500 },
    ),
  ),
  customDataTypes: Type.Optional(
    Type.Array(
      Type.Object({
        groupCode: Type.String({ maxLength: 64 }),
        groupName: Type.Optional(Type.String({ maxLength: 100 })),
        index: Type.Optional(Int),
        elements: Type.Array(
          Type.Object({
            code: Type.String({ maxLength: 64 }),
            codeName: Type.Optional(Type.String({ maxLength: 100 })),
            index: Type.Optional(Int),
          }),
        ),
      }),
      { maxItems: 500 },
    ),
  ),
});
export type AliasFile = Static<typeof AliasFileSchema>;

export type AliasImport = { ok: true; file: AliasFile } | { ok: false; reason: 'json' | 'shape'; detail: string };

/** Parse and check an imported file; `detail` names the first problem (a JSON syntax error or a field path). */
export function parseAliasFile(text: string): AliasImport {
  let data: unknown;
  try {
    // spec: admin §5.14 — an imported alias file must be valid JSON
    data = JSON.parse(text);
  } catch (error) {
    return { ok: false, reason: 'json', detail: (error as Error).message };
  }
  if (!Value.Check(AliasFileSchema, data)) {
    const first = Value.Errors(AliasFileSchema, data)[0];
    return { ok: false, reason: 'shape', detail: first ? `${first.instancePath || '/'} ${first.message}` : '' };
  }
  const indices = data.alias.map((a) => a.index);
  if (new Set(indices).size !== indices.length) return { ok: false, reason: 'shape', detail: '/alias index given twice' };
  return { ok: true, file: data };
}
