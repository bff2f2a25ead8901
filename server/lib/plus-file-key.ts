import { badRequest } from './errors';

/** A code that is one plain folder name: not '.' or '..' (or more dots), no separator. */
const FOLDER_NAME = /^(?!\.+$)[^/\\]+$/;

/**
 * The key of one of a store's Plus files, plus/<storeCode>/<kind>/<name>. The contract refuses store codes like
 * '..' on create, but a store made before that rule would put its files in another folder (plus/../widget is
 * DATA_DIR/widget): such a code is refused here too, as the client's value, before any file is written.
 */
export function plusFileKey(storeCode: string, kind: string, name: string): string {
  if (!FOLDER_NAME.test(storeCode)) throw badRequest(`Store code ${storeCode} cannot name a folder of files.`, 'BAD_STORE_CODE');
  return `plus/${storeCode}/${kind}/${name}`;
}
