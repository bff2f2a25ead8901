import { describe, expect, it } from 'vitest';
import { SENSOR_TYPE_FIELDS } from '../../contract/schemas/sensors';
import {
  fieldsByType,
  fieldsOf,
  productWidthMinimum,
  sensorConfigOf,
  sensorFieldProblem,
  valuesOfSensor,
} from '../../src/features/sensors/sensor-config-rules';
import { firstInvalid } from '../../src/ui/form-modal';

describe('sensor assign and update rules (console-core §2, §5)', () => {
  // spec: core §2.49, core §2.50 — each sensor type with its own numeric fields
  // spec: plus §2.53 — the assign modal asks for the chosen type's own numeric fields
  it('asks for the settings of the chosen type only, none before a type is chosen', () => {
    expect(fieldsOf('HAT')).toEqual(['tempMin', 'tempMax', 'humidityMin', 'humidityMax']);
    expect(fieldsOf('TOF')).toEqual(['productWidth', 'depth']);
    expect(fieldsOf('PEOPLECOUNT')).toEqual(['threshold']);
    expect(fieldsOf('LOADCELL')).toEqual(['unitWeight', 'minWeight']);
    expect(fieldsOf('TVOC')).toEqual(['tvocThreshold', 'eco2Threshold']);
    expect(fieldsOf('')).toEqual([]);
    expect(fieldsOf('OTHER')).toEqual([]);
  });

  it("takes the server's field lists once GET /sensor/type has answered", () => {
    const byType = fieldsByType([{ sensorType: 'TOF', fields: ['productWidth'] }]);
    expect(fieldsOf('TOF', byType)).toEqual(['productWidth']);
    expect(fieldsOf('HAT', byType)).toEqual(SENSOR_TYPE_FIELDS.HAT);
  });

  // spec: plus §5.1 — sensor values are integers
  it('allows only integers', () => {
    // spec: core §5.7 — sensor values are integers
    for (const bad of ['1.5', 'abc', '1e3', '12a', '-', '99999999999999999999'])
      expect(sensorFieldProblem('HAT', 'tempMin', bad, 5), bad).toEqual({ kind: 'integer' });
    for (const good of ['0', '-3', ' 42 ', '+7']) expect(sensorFieldProblem('HAT', 'tempMin', good, 5), good).toBeUndefined();
  });

  // spec: plus §2.55 — product width at least the distance error range + 1
  it('refuses a TOF product width below the distance error range + 1', () => {
    // spec: core §2.50 — product width minimum: distance error range + 1
    expect(productWidthMinimum(5)).toBe(6);
    expect(sensorFieldProblem('TOF', 'productWidth', '5', 5)).toEqual({ kind: 'minimum', minimum: 6, range: 5 });
    expect(sensorFieldProblem('TOF', 'productWidth', '6', 5)).toBeUndefined();
    // Only TOF's product width has the minimum; without a known range the server decides.
    expect(sensorFieldProblem('TOF', 'depth', '1', 5)).toBeUndefined();
    expect(sensorFieldProblem('HAT', 'productWidth', '1', 5)).toBeUndefined();
    expect(sensorFieldProblem('TOF', 'productWidth', '1', undefined)).toBeUndefined();
  });

  // spec: plus §3.9 — sensorType with its integer fields
  it('builds the payload with the type and exactly its settings as numbers', () => {
    const values = { tagMac: ' C5 ', prCode: 'P1', sensorType: 'TOF', productWidth: ' 60 ', depth: '400', tempMin: '3' };
    expect(sensorConfigOf(values)).toEqual({ sensorType: 'TOF', fields: { productWidth: 60, depth: 400 } });
  });

  // spec: plus §2.54 — the update modal edits the tag's sensor fields
  it('starts the update modal from the sensor', () => {
    expect(valuesOfSensor({ tagMac: 'C5000100000001', sensorType: 'LOADCELL', fields: { unitWeight: 250, minWeight: 1000 } })).toEqual({
      tagMac: 'C5000100000001',
      sensorType: 'LOADCELL',
      unitWeight: '250',
      minWeight: '1000',
    });
  });

  // spec: plus §5.1 — the first of tag MAC, product code, type empty after trimming
  it('finds the first missing of tag MAC, product code and type after trimming', () => {
    const fields = [
      { name: 'tagMac', label: 'Tag MAC', required: 'a' },
      { name: 'prCode', label: 'Product Code', required: 'b' },
      { name: 'sensorType', label: 'Sensor Type', required: 'c' },
    ];
    expect(firstInvalid(fields, { tagMac: '  ', prCode: 'x', sensorType: 'HAT' })).toEqual({ field: 'tagMac', message: 'a' });
    expect(firstInvalid(fields, { tagMac: 'x', prCode: ' ', sensorType: '' })).toEqual({ field: 'prCode', message: 'b' });
    expect(firstInvalid(fields, { tagMac: 'x', prCode: 'y', sensorType: '' })).toEqual({ field: 'sensorType', message: 'c' });
  });
});
