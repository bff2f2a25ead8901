import type { EndpointDef } from '../../../../contract/endpoints/define';
import { useCall } from '../../../platform/api';

/**
 * Every row of a v1 list (the table protocol's length -1), for the choice lists of the editors: read with useCall
 * (a kept answer first, then the server's), a failure leaves the list empty. The table request goes as the body:
 * useCall's arguments name params and query only, hence the cast.
 */
export function useV1Choices<Row>(endpoint: EndpointDef, extra: Record<string, unknown> = {}): Row[] {
  const page = useCall(endpoint, { body: { draw: 1, start: 0, length: -1, ...extra } } as never);
  return (page.data as { data: Row[] } | undefined)?.data ?? [];
}
