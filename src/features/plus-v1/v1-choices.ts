import { useEffect, useState } from 'react';
import type { EndpointDef } from '../../api/endpoints/define';
import { api } from '../../app/api';

/** Every row of a v1 list (the table protocol's length -1), for the choice lists of the editors. */
export function useV1Choices<Row>(endpoint: EndpointDef, extra: Record<string, unknown> = {}): Row[] {
  const [rows, setRows] = useState<Row[]>([]);
  const key = JSON.stringify(extra);
  useEffect(() => {
    let live = true;
    void api
      .call(endpoint, { body: { draw: 1, start: 0, length: -1, ...extra } } as never)
      .then((page) => live && setRows((page as { data: Row[] }).data))
      .catch(() => undefined);
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the key stands for extra
  }, [endpoint, key]);
  return rows;
}
