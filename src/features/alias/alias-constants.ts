/** console-admin §9: "Initial alias load delayed 1 s". */
export const ALIAS_INITIAL_LOAD_DELAY_MS = 1000;
/** The file name of an alias export, per company. */
export const aliasExportName = (companyCode: string) => `alias-${companyCode}.json`;
