// A filter's price clauses as numbers (src/market/history/priceBounds.ts): the
// bounds a price must pass, and whether a spec's range of prices can.
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { outlookQuery } from '../../../../src/market/history/outlookAnswer';
import { LISTING_PRICE_SCALE } from '../../../../src/market/history/listingSpecs';
import { mayPass, priceBounds, pricePasses } from '../../../../src/market/history/priceBounds';
import { parsed } from '../../../support/query';


describe('outlook: a filter\'s price clauses as numbers', () => {
  it('the price bounds: the whole price and the price per GPU of the moment, every clause must hold (lists and != too); none passes everything', () => {
    const test = (text: string) => {
      const bounds = priceBounds(outlookQuery(parsed(text)).priced);
      return (price: number, gpus: number) => pricePasses(bounds, price, gpus);
    };
    const cases: [string, number, number, boolean][] = [
      ['price<=20 price_per_gpu>2 gpus=8', 20, 8, true], // 2.50 a GPU
      ['price<=20 price_per_gpu>2 gpus=8', 20.01, 8, false], // the whole price over 20
      ['price<=20 price_per_gpu>2 gpus=8', 16, 8, false], // 2.00 a GPU is not over 2
      ['price<=20 price_per_gpu>2 gpus=8', 16, 4, true], // 4.00 a GPU
      ['price<=20 price_per_gpu>2 gpus=8', 8, 4, false],
      ['price>=8 price<10', 8, 1, true],
      ['price>=8 price<10', 10, 1, false],
      ['price>=8 price<10', 7.99, 1, false],
      ['price_per_gpu=2', 16, 8, true],
      ['price_per_gpu=2', 16.01, 8, false],
      ['price!=16 price<20', 16, 8, false],
      ['price!=16 price<20', 15, 8, true],
      ['price in [4, 8] price_per_gpu<=2', 8, 4, true],
      ['price in [4, 8] price_per_gpu<=2', 8, 2, false], // 4.00 a GPU
      ['price in [4, 8] price_per_gpu<=2', 6, 4, false],
      ['price_per_gpu notin [1, 2]', 8, 4, false],
      ['price_per_gpu notin [1, 2]', 9, 4, true],
      ['price<3 price<2', 2.5, 1, false], // every clause must hold
      ['price>1 price>2', 1.5, 1, false],
    ];
    assert.deepEqual(
      cases.map(([text, price, gpus]) => [text, price, gpus, test(text)(price, gpus)]),
      cases,
    );
    const none = test('gpu=h100');
    assert.ok(none(Number.NaN, 0) && none(1e9, 1), 'no price clause: every price passes');
    assert.ok(!test('price<5')(Number.NaN, 1), 'no price is not under 5');
  });

  it("a spec is passed over only when none of its prices can pass the price clauses, and then it is (property)", () => {
    // Small whole numbers, so that a price often sits right on a bound (and a price per GPU too).
    const clause = fc.tuple(fc.constantFrom('price', 'price_per_gpu'), fc.constantFrom('<', '<=', '>', '>=', '=', '!='), fc.integer({ min: 0, max: 20 }));
    fc.assert(
      fc.property(fc.array(clause, { maxLength: 3 }), fc.array(fc.integer({ min: 0, max: 40 }).map((p) => p * LISTING_PRICE_SCALE), { minLength: 1, maxLength: 4 }), fc.constantFrom(1, 2, 4, 8), (clauses, prices, gpus) => {
        const text = clauses.map(([field, op, v]) => `${field}${op}${v}`).join(' ');
        const bounds = priceBounds(outlookQuery(parsed(text || 'gpus>=1')).priced);
        // Prices as the index keeps them (× LISTING_PRICE_SCALE), read as the record reads them.
        const passes = prices.some((p) => pricePasses(bounds, p / LISTING_PRICE_SCALE, gpus));
        const may = mayPass(bounds, Math.min(...prices), Math.max(...prices), gpus);
        assert.ok(may || !passes, `${text}: ${prices.join(', ')} over ${gpus} GPUs has a price that passes`);
      }),
    );
    // And one price is passed over exactly when it does not pass, right on each bound too (every operator bounds can say).
    for (const field of ['price', 'price_per_gpu']) {
      for (const op of ['<', '<=', '>', '>=', '=']) {
        for (let v = 0; v <= 4; v++) {
          const bounds = priceBounds(outlookQuery(parsed(`${field}${op}${v}`)).priced);
          for (let p = 0; p <= 8; p++) {
            for (const gpus of [1, 2]) {
              const whole = p * LISTING_PRICE_SCALE;
              assert.equal(mayPass(bounds, whole, whole, gpus), pricePasses(bounds, p, gpus), `${field}${op}${v}: ${p} over ${gpus} GPUs`);
            }
          }
        }
      }
    }
  });

});
