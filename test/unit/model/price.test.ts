import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { lowest, parseDecimal, pricePerGpu, priceOf } from '../../../src/model/price';
import { machineRecord } from '../../support/records';

/** The same double as Number(), or both NaN: what sorting and filtering see. */
function assertSameAsNumber(text: string): void {
  const got = parseDecimal(text);
  assert.ok(Object.is(got, Number(text)), `${JSON.stringify(text)}: ${got} but Number() gives ${Number(text)}`);
}

describe('parseDecimal: a price string as a number', () => {
  it('gives what Number() gives, bit for bit, for prices as the schema lets them through', () => {
    const digits = (max: number) => fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 1, maxLength: max });
    const space = fc.constantFrom('', ' ', '\t', '  ');
    const price = fc.tuple(space, digits(12), fc.option(digits(12)), space).map(([a, whole, frac, b]) => `${a}${whole}${frac === null ? '' : `.${frac}`}${b}`);
    fc.assert(fc.property(price, (text) => assertSameAsNumber(text)), { numRuns: 5000 });
  });

  it('gives what Number() gives for money as services print it, and for any text at all', () => {
    const money = fc.tuple(fc.double({ min: 0, max: 1e6, noNaN: true }), fc.integer({ min: 0, max: 8 })).map(([value, places]) => value.toFixed(places));
    fc.assert(fc.property(money, (text) => assertSameAsNumber(text)), { numRuns: 5000 });
    fc.assert(fc.property(fc.string({ maxLength: 20 }), (text) => assertSameAsNumber(text)), { numRuns: 2000 });
  });

  it('hands whatever is not plain digits with one inner point to Number()', () => {
    for (const text of ['', '.', '1.', '.5', '1..2', '1.2.3', '-1', '+1', '1e3', '0x10', 'Infinity', ' 7.40 ', '١٢', '123456789012345', '1234567890123456', '0.000000000000001', '0.0000000000000001', '12345678901234567.5', '9007199254740993', '0.1', '0.3', '1.005', '007', '90.66093425199125', '9640626.643539327']) {
      assertSameAsNumber(text);
    }
  });

  it('gives the price and the price per GPU of a machine', () => {
    const machine = machineRecord({ price: '7.40', gpu_count: 4 });
    assert.equal(priceOf(machine), 7.4);
    assert.equal(pricePerGpu(machine), 1.85);
  });
});

describe('lowest: the cheapest of prices some of which may not be numbers', () => {
  it('skips what is not a finite number, and is NaN when nothing is left', () => {
    const cases: [number[], number][] = [
      [[3, 1.5, 2], 1.5],
      [[1.5, 3, 1.5], 1.5],
      [[NaN, 4, 2.25], 2.25],
      [[4, NaN, 2.25, Infinity], 2.25],
      [[-Infinity, 7], 7],
      [[Infinity, -Infinity, NaN], NaN],
      [[], NaN],
    ];
    for (const [values, expected] of cases) {
      assert.ok(Object.is(lowest(values), expected), `${JSON.stringify(values.map(String))}: ${lowest(values)}, expected ${expected}`);
    }
  });
});
