/** Dashboard refresh period. The spec gives no period for the dashboard (NOTES.md 12): one minute is our choice. */
export const DASHBOARD_REFRESH_MS = 60_000;

/** console-core §2: the bar chart for several stores shows at most 10 stores (we show the 10 with most tags). */
export const DASHBOARD_BAR_MAX_STORES = 10;

/** The version and tag-type bar charts keep their most common entries; the detail modal lists every one. */
export const DASHBOARD_BAR_MAX_ENTRIES = 8;
