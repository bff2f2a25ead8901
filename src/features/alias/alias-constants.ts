/** console-admin §9: "Initial alias load delayed 1 s". */
export const ALIAS_INITIAL_LOAD_DELAY_MS = 1000;
/** The file name of an alias export, per company. */
export const aliasExportName = (companyCode: string) => `alias-${companyCode}.json`;

/** The built-in data types (contract/schemas/alias-rules.ts): the system's names, translated at display time. */
const BUILTIN_DATA_TYPE_CODES = ['STRING', 'NUMBER', 'DATE', 'URL'] as const;
export const isBuiltinDataType = (code: string): code is (typeof BUILTIN_DATA_TYPE_CODES)[number] =>
  (BUILTIN_DATA_TYPE_CODES as readonly string[]).includes(code);
