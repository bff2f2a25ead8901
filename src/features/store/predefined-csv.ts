import Papa from 'papaparse';
import type { PredefinedRow } from '../../../contract/schemas/gateways';
import { PREDEFINED_FILE_EXTENSIONS } from './store-constants';

export const INVALID_FILE_FORMAT = 'Invalid file format';
/** console-core §8's 'No valid data': a well-formed file without a data row. */
export const NO_VALID_DATA = 'No valid data';

export const isPredefinedFile = (fileName: string) => PREDEFINED_FILE_EXTENSIONS.some((ext) => fileName.toLowerCase().endsWith(ext));

/**
 * The predefined gateway file (console-core §5): a header row (gwMac, dataChannel, eventChannel), empty lines
 * and lines starting with # skipped. Numbers are sent as numbers; the server checks MACs and channel ranges.
 */
export function parsePredefinedCsv(fileName: string, text: string): { rows: PredefinedRow[] } | { error: string } {
  if (!isPredefinedFile(fileName)) return { error: INVALID_FILE_FORMAT };
  const parsed = Papa.parse<Record<string, string>>(text, {
    header: true,
    skipEmptyLines: 'greedy',
    comments: '#',
    transformHeader: (h) => h.trim(),
  });
  const fields = parsed.meta.fields ?? [];
  if (!['gwMac', 'dataChannel', 'eventChannel'].every((f) => fields.includes(f))) return { error: INVALID_FILE_FORMAT };
  const rows = parsed.data.map((r) => ({
    gwMac: (r.gwMac ?? '').trim(),
    dataChannel: Number(r.dataChannel),
    eventChannel: Number(r.eventChannel),
  }));
  if (!rows.length) return { error: NO_VALID_DATA };
  if (rows.some((r) => !r.gwMac || !Number.isInteger(r.dataChannel) || !Number.isInteger(r.eventChannel)))
    return { error: INVALID_FILE_FORMAT };
  return { rows };
}
