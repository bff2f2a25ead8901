import { describe, expect, it } from 'vitest';
import { Ajv } from 'ajv';
import { buildTableRequest, defineTable, parseTableRequest, tableRequestSchema, TableRequestError } from '../../contract/table';

const sut = defineTable({
  fields: { barcode: 'text', status: 'enum', battery: 'number', version: 'hex', updatedAt: 'date' },
  sortable: ['barcode', 'battery'],
  defaultOrder: { field: 'barcode', dir: 'asc' },
  dateField: 'updatedAt',
});
const validate = new Ajv({ strict: false }).compile(tableRequestSchema(sut));

describe('table request', () => {
  // spec: core §3.17 — filters sent as filter_* and condition_* parameters
  it('round-trips the UI state through the wire format', () => {
    const wire = buildTableRequest({
      page: 3,
      pageSize: 25,
      sort: { field: 'battery', dir: 'desc' },
      filters: {
        barcode: { value: 'AB', condition: '~' },
        status: { value: ['OK', 'NG'] },
        battery: { value: 20, condition: '<=' },
        version: { value: '' },
      },
      dateRange: { start: 1_700_000_000, end: 1_700_086_400 },
      companyCode: 'ACME',
    });
    expect(validate(wire)).toBe(true);
    expect(wire).toMatchObject({ start: 75, length: 25, filter_barcode: 'AB', condition_barcode: '~', global_companyCode: 'ACME' });
    expect(wire).not.toHaveProperty('filter_version'); // empty filters are left out
    const parsed = parseTableRequest(sut, wire);
    expect(parsed.order).toEqual({ field: 'battery', dir: 'desc' });
    expect(parsed.filters).toEqual([
      { field: 'barcode', kind: 'text', condition: '~', value: 'AB' },
      { field: 'status', kind: 'enum', condition: 'in', value: ['OK', 'NG'] },
      { field: 'battery', kind: 'number', condition: '<=', value: 20 },
    ]);
    expect(parsed.dateRange).toEqual({ start: 1_700_000_000, end: 1_700_086_400 });
    expect(parsed.companyCode).toBe('ACME');
  });

  it('defaults text filters to contains and others to equals, and uses the default order', () => {
    const parsed = parseTableRequest(sut, { start: 0, length: 10, filter_barcode: 'X', filter_battery: '5' });
    expect(parsed.filters.map((f) => f.condition)).toEqual(['~', '==']);
    expect(parsed.order).toEqual({ field: 'barcode', dir: 'asc' });
  });

  it('refuses what the table does not declare', () => {
    expect(validate({ start: 0, length: 10, filter_secret: 'x' })).toBe(false);
    expect(validate({ start: 0, length: 10, condition_barcode: 'LIKE' })).toBe(false);
    expect(validate({ start: 0, length: 5000 })).toBe(false);
    expect(() =>
      parseTableRequest(sut, { start: 0, length: 10, columns: [{ data: 'status' }], order: [{ column: 0, dir: 'asc' }] }),
    ).toThrow(TableRequestError);
    expect(() => parseTableRequest(sut, { start: 0, length: 10, filter_barcode: 'a', condition_barcode: '>=' })).toThrow(TableRequestError);
    expect(() => parseTableRequest(sut, { start: 0, length: 10, filter_battery: 'many' })).toThrow(TableRequestError);
    expect(() => parseTableRequest(sut, { start: 0, length: 10, filter_version: 'zz' })).toThrow(TableRequestError);
    expect(() => parseTableRequest(sut, { start: 0, length: 10, filter_startDate: 10, filter_endDate: 5 })).toThrow(TableRequestError);
  });
});
