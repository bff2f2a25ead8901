/*
 * The tag assign modal's input rules (console-core §5), pure so that they are tested without a browser.
 */
import { MULTI_ASSIGN_MAX_CODES } from '../../../contract/schemas/constants-core';

/** Left-pad with zeros to `length` (the coop site's 13 characters); 0 or a longer code leaves it as it is. */
export function padProductCode(code: string, length: number): string {
  return length > 0 ? code.padStart(length, '0') : code;
}

/**
 * The multi assign list as typed or scanned — one code per line, or separated by commas, semicolons or spaces:
 * trimmed, blanks removed, padded when the site asks, then de-duplicated in the order first seen (after
 * padding, so that '123' and '0000000000123' are one code).
 */
export function cleanCodeList(input: string | readonly string[], padLength = 0): string[] {
  const parts = typeof input === 'string' ? input.split(/[\s,;]+/) : input.flatMap((line) => line.split(/[\s,;]+/));
  const seen = new Set<string>();
  for (const part of parts) {
    const code = part.trim();
    if (code) seen.add(padProductCode(code, padLength));
  }
  return [...seen];
}

export type MultiAssignProblem = 'tagId' | 'productCode' | 'layoutId' | 'tooMany';

/** The first missing input of a multi assign, in the order of the form; undefined when it can be sent. */
export function multiAssignProblem(input: { tagId: string; codes: readonly string[]; layoutId: string }): MultiAssignProblem | undefined {
  if (!input.tagId.trim()) return 'tagId';
  if (!input.codes.length) return 'productCode';
  if (input.codes.length > MULTI_ASSIGN_MAX_CODES) return 'tooMany';
  if (!input.layoutId.trim()) return 'layoutId';
  return undefined;
}

/** Single assign: the scanned code, else the default product code (console-core §2), trimmed. */
export function singleAssignCode(prCode: string, defaultPrCode: string): string {
  return prCode.trim() || defaultPrCode.trim();
}

/** A file assign without a default product code is refused before anything is sent (console-core §5). */
export function fileAssignReady(file: Blob | undefined, defaultPrCode: string): 'file' | 'defaultCode' | undefined {
  if (!defaultPrCode.trim()) return 'defaultCode';
  if (!file) return 'file';
  return undefined;
}
