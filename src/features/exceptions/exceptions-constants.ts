/** Page sizes of the exceptions detail lists: not in the spec (NOTES.md 12); the tag detail's 25 first, then more. */
export const EXCEPTION_LIST_PAGE_SIZES = [25, 50, 100, -1] as const;

/** The store picked on the exceptions screen is remembered on the device, as the scan screen's is. */
export const EXCEPTIONS_STORE_KEY = 'shelfpad.exceptions.store';
