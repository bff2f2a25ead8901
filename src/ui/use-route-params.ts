import { useMemo } from 'react';
import { useParams } from 'react-router-dom';

/** Decodes once; a malformed escape ('%E0%A4%A') stays as typed rather than throwing in render. */
export function decodeParam(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * The route's params, decoded. Ionic's outlet hands them over still percent-encoded ('02%3A5a%3A00…' for a MAC),
 * and a page that passed them on to a call or a link would encode them a second time (issue 31). Every page reads
 * its params here, and links encode each segment once (encodeURIComponent), so what a page sees is what was linked.
 */
export function useRouteParams(): Readonly<Record<string, string | undefined>> {
  const raw = useParams();
  const key = JSON.stringify(raw);
  return useMemo(() => {
    const out: Record<string, string | undefined> = {};
    for (const [name, value] of Object.entries(raw)) if (value !== undefined) out[name] = decodeParam(value);
    return out;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the params' text is the identity
  }, [key]);
}
