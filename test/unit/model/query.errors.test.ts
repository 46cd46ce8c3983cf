// The filter query language of the Machines view: errors, printing, and
// properties that must hold for any input.
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import type { Machine } from '../../../src/api/types';
import { DEMO_MACHINES } from '../../../dev/demo/fixtures';
import {
  FIELD_ALIASES,
  compileQuery,
  parseQuery,
  printQuery,
  type Clause,
  type FieldName,
  type Op,
  type Query,
  type TextTerm,
  type Value,
} from '../../../src/model/query';
import { isWordChar } from '../../../src/model/query/words';
import { compare, filterMachines, parseError, parsed, quoted, text } from '../../support/query';
import { machineRecord } from '../../support/records';

describe('query: errors', () => {
  const cases: [input: string, message: string, position: number][] = [
    ['vrma>=24', "unknown field 'vrma' at 1; did you mean 'vram'?", 1],
    ['gpus=2 cdua>=12', "unknown field 'cdua' at 8; did you mean 'cuda'?", 8],
    ['gpu_nmae=x', "unknown field 'gpu_nmae' at 1; did you mean 'gpu_name'?", 1],
    ['colour=red', "unknown field 'colour' at 1", 1],
    ['x=1', "unknown field 'x' at 1", 1],
    ['size in [1]', "unknown field 'size' at 1", 1],
    ['gpus>=', "expected a value after '>=' at 5", 5],
    ['gpus >=  ', "expected a value after '>=' at 6", 6],
    ['gpu= ]', "expected a value after '=' at 4", 4],
    ['region in [a, b', 'unclosed list at 11', 11],
    ['gpus in [1,', 'unclosed list at 9', 9],
    ['region in [', 'unclosed list at 11', 11],
    ['gpu="RTX', 'unclosed quote at 5', 5],
    ["foo 'bar", 'unclosed quote at 5', 5],
    ['gpu="a\\"', 'unclosed quote at 5', 5],
    ['gpus=abc', "'abc' is not a number for field 'gpus' at 6", 6],
    ['gpus >= 2x', "'2x' is not a number for field 'gpus' at 9", 9],
    ['price in [1, "two"]', "'two' is not a number for field 'price' at 14", 14],
    ['online=99%', "'99%' is not a number for field 'online' at 8", 8],
    ['gpus=1e999', "'1e999' is not a number for field 'gpus' at 6", 6],
    // Number() would read all of these: hex, binary, octal, blank and padded text, Infinity.
    ['gpus=0x10', "'0x10' is not a number for field 'gpus' at 6", 6],
    ['vram>=0b11', "'0b11' is not a number for field 'vram' at 7", 7],
    ['price<0o7', "'0o7' is not a number for field 'price' at 7", 7],
    ['gpus=""', "'' is not a number for field 'gpus' at 6", 6],
    ['gpus=" 2 "', "' 2 ' is not a number for field 'gpus' at 6", 6],
    ['price<Infinity', "'Infinity' is not a number for field 'price' at 7", 7],
    ['gpus=.', "'.' is not a number for field 'gpus' at 6", 6],
    ['gpus>==2', "expected a value after '>=' at 5", 5],
    ['gpus!==2', "expected a value after '!=' at 5", 5],
    // Two swaps of neighbours are two edits, not four: close enough to suggest.
    ['rdievr=1', "unknown field 'rdievr' at 1; did you mean 'driver'?", 1],
    // The Kelvin sign lower-cases to "k": only ASCII letters may name a field.
    ['nvlin\u212A=true', "unknown field 'nvlin\u212A' at 1; did you mean 'nvlink'?", 1],
    [`${'x'.repeat(40)}=1`, `unknown field '${'x'.repeat(40)}' at 1`, 1],
    [`${'x'.repeat(41)}=1`, `unknown field '${'x'.repeat(39)}…' at 1`, 1],
    ['nvlink=maybe', "'maybe' is not true or false for field 'nvlink' at 8", 8],
    ['nvlink=1', "'1' is not true or false for field 'nvlink' at 8", 8],
    ['region<cn', "operator '<' does not apply to text field 'region' at 7", 7],
    ['gpu >= a', "operator '>=' does not apply to text field 'gpu' at 5", 5],
    ['nvlink>true', "operator '>' does not apply to yes/no field 'nvlink' at 7", 7],
    ['labels<=a', "operator '<=' does not apply to label field 'labels' at 7", 7],
    ['gpu in x', "expected a list in brackets after 'in' at 5", 5],
    ['gpus notin 1', "expected a list in brackets after 'notin' at 6", 6],
    ['gpu=[a]', "a list needs 'in' or 'notin', not '=' at 5", 5],
    ['gpus==2', "use '=' rather than '==' at 5", 5],
    ['gpu==H100', "use '=' rather than '==' at 4; a value in quotes matches the whole name (gpu=\"…\")", 4],
    ['>=2', "'>=' needs a field name before it at 1", 1],
    ['"gpu"=2', "'=' needs a field name before it at 6", 6],
    ['gpus=2 !=3', "'!=' needs a field name before it at 8", 8],
    ['rtx!', "unexpected '!' at 4", 4],
    ['[a]', "unexpected '[' at 1", 1],
    ['a, b', "unexpected ',' at 2", 2],
    ['gpus in [1 2]', "expected ',' or ']' in the list at 12", 12],
    ['gpus in [1,,2]', 'expected a value in the list at 12', 12],
    ['gpus in [1,]', 'expected a value in the list at 12', 12],
    ['gpus in [[1]]', 'expected a value in the list at 10', 10],
  ];

  for (const [input, message, position] of cases) {
    it(`${input} → ${message}`, () => {
      assert.deepEqual(parseError(input), { position, message });
    });
  }

  it('shortens a long word in a message, and still points at it', () => {
    const error = parseError(`gpus=${'9'.repeat(50)}x`);
    assert.equal(error.position, 6);
    assert.equal(error.message, `'${'9'.repeat(39)}…' is not a number for field 'gpus' at 6`);
  });

  it('suggests only within two edits, and not for one-letter words', () => {
    assert.equal(parseError('vramm=1').message, "unknown field 'vramm' at 1; did you mean 'vram'?");
    assert.equal(parseError('vxxram=1').message, "unknown field 'vxxram' at 1; did you mean 'vram'?");
    assert.equal(parseError('qqqram=1').message, "unknown field 'qqqram' at 1");
    assert.equal(parseError('u=1').message, "unknown field 'u' at 1");
  });

  it('copes with huge inputs quickly', () => {
    const huge = [
      `${'a'.repeat(1_000_000)}=1`,
      `gpus=${'1'.repeat(1_000_000)}x`,
      `gpus in [${'1,'.repeat(200_000)}`,
      `"${'\\'.repeat(1_000_001)}`,
      '['.repeat(100_000),
      'a '.repeat(200_000),
      'gpu in '.repeat(100_000),
      `rtx ${'4090 '.repeat(100_000)}`,
    ];
    for (const input of huge) {
      const result = parseQuery(input);
      if (!result.ok) {
        assert.ok(result.error.position >= 1 && result.error.position <= input.length + 1);
        assert.ok(result.error.message.length < 200);
      }
    }
  });
});

describe('query: printing', () => {
  it('quotes only where needed and escapes quotes and backslashes', () => {
    const query: Query = {
      clauses: [
        compare('gpu_name', '=', 'RTX_4090'),
        quoted(compare('gpu_name', '=', 'RTX 4090'), true),
        quoted(compare('region', 'in', 'a', 'b,c', ''), false, true, true),
        compare('node_name', '!=', 'x"y\\z'),
        text('plain'),
        text('two words'),
        text('gpu'),
        text('in'),
        quoted(compare('cpu_name', '=', "it's"), true),
      ],
    };
    const printed = printQuery(query);
    assert.equal(printed, 'gpu=RTX_4090 gpu="RTX 4090" region in [a, "b,c", ""] node_name!="x\\"y\\\\z" plain "two words" "gpu" "in" cpu_name="it\'s"');
    assert.deepEqual(parsed(printed), query);
  });

  it('prints numbers as JavaScript does, and booleans as true/false', () => {
    const query: Query = { clauses: [compare('price', '<', 1e21), compare('online_rate', '>', 1e-7), compare('gpu_count', 'in', -3, 0.5), compare('nvlink_status', '!=', false)] };
    assert.equal(printQuery(query), 'price<1e+21 online>1e-7 gpus in [-3, 0.5] nvlink!=false');
    assert.deepEqual(parsed(printQuery(query)), query);
  });

  it('canonicalises what was typed', () => {
    assert.equal(printQuery(parsed("GPU_NAME = 'rtx'  Nvlink=YES  cuda >= 12.10   'x'")), 'gpu="rtx" nvlink=true cuda>=12.10 x');
    assert.equal(printQuery(parsed('GPU_NAME = rtx  Nvlink=YES')), 'gpu=rtx nvlink=true');
  });

  it('prints a bare value of gpu, region or cpu_name with spaces as words joined by _, and one that cannot be bare as the whole name', () => {
    const query: Query = { clauses: [compare('gpu_name', '=', 'rtx 4090'), compare('region', 'in', 'cn  east', 'a,b'), compare('cpu_name', '!=', '')] };
    assert.equal(printQuery(query), 'gpu=rtx_4090 region in [cn_east, "a,b"] cpu_name!=""');
    assert.deepEqual(parsed(printQuery(query)), {
      clauses: [compare('gpu_name', '=', 'rtx_4090'), quoted(compare('region', 'in', 'cn_east', 'a,b'), false, true), quoted(compare('cpu_name', '!=', ''), true)],
    });
  });
});

// ---------------------------------------------------------------------------
// Properties

const demo = DEMO_MACHINES.map((machine) => machineRecord(machine));
const oddOnes = [
  machineRecord({ labels: ['Spot', 3, null, { k: 'v' }], gpu_name: 'RTX 4090', region: 'CN East', node_name: 'ODD_Node 1' }),
  machineRecord({ labels: [true], cuda_version: '12.10', driver_version: '550.54', node_name: 'odd-2' }),
  machineRecord({ cuda_version: 'rc1', driver_version: '', cpu_name: '', region: '', node_name: 'odd-3' }),
];
const sample = [...demo, ...oddOnes];

const NUMBER_FIELDS: FieldName[] = [
  'price',
  'price_per_gpu',
  'gpu_count',
  'gpu_memory',
  'cpu_count',
  'cpu_per_gpu',
  'memory_per_gpu',
  'memory_total',
  'disk_per_gpu',
  'disk_total',
  'network_upload_speed',
  'network_download_speed',
  'up_time',
  'online_rate',
];
/** Text fields matched as a whole (gpu, region and cpu_name have their own arbitrary below). */
const TEXT_FIELDS: FieldName[] = ['node_name'];
const VERSION_FIELDS: FieldName[] = ['cuda_version', 'driver_version'];
const ALL_OPS: Op[] = ['=', '!=', '<', '<=', '>', '>=', 'in', 'notin'];
const EQUALITY_OPS: Op[] = ['=', '!=', 'in', 'notin'];

const fromData = (pick: (x: Machine) => string) => [...new Set(sample.map(pick))];
const realText = fc.constantFrom(
  ...fromData((x) => x.gpu_name),
  ...fromData((x) => x.region),
  ...fromData((x) => x.cpu_name),
  'rtx 4090',
  'a100',
  'spot',
  'cn',
  '3',
);
const anyText = fc.oneof(realText, fc.string(), fc.string({ unit: 'binary' }), fc.string({ unit: 'binary-ascii' }));
const anyNumber = fc.oneof(
  fc.constantFrom(0, 1, 2, 4, 8, 0.5, 0.99, 1.85, 24, 80, 500),
  fc.integer({ min: -10, max: 5000 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((x) => x + 0),
);
const anyVersion = fc.oneof(fc.constantFrom(...fromData((x) => x.cuda_version), ...fromData((x) => x.driver_version), '12', '12.10', '550.54'), anyText);

function clauseArbitrary(fields: FieldName[], ops: Op[], value: fc.Arbitrary<Value>): fc.Arbitrary<Clause> {
  return fc
    .tuple(fc.constantFrom(...fields), fc.constantFrom(...ops), fc.array(value, { maxLength: 4 }), value)
    .map(([field, op, list, one]): Clause => ({ kind: 'compare', field, op, values: op === 'in' || op === 'notin' ? list : [one] }));
}

/**
 * A clause on gpu, region or cpu_name as the parser makes it: each value quoted
 * (exact, any text) or bare (a word the printer can leave bare), `exact` only
 * when some value is quoted.
 */
const bareWord = anyText.filter((t) => t.length > 0 && t.split('').every((_, i) => isWordChar(t.charCodeAt(i))));
const prefixValue = fc.oneof(bareWord.map((v) => ({ v, exact: false })), anyText.map((v) => ({ v, exact: true })));
const prefixClauseArbitrary: fc.Arbitrary<Clause> = fc
  .tuple(fc.constantFrom<FieldName>('gpu_name', 'region', 'cpu_name'), fc.constantFrom(...EQUALITY_OPS), fc.array(prefixValue, { maxLength: 4 }), prefixValue)
  .map(([field, op, list, one]): Clause => {
    const chosen = op === 'in' || op === 'notin' ? list : [one];
    const clause: Clause = { kind: 'compare', field, op, values: chosen.map((c) => c.v) };
    if (chosen.some((c) => c.exact)) {
      clause.exact = chosen.map((c) => c.exact);
    }
    return clause;
  });

const termArbitrary: fc.Arbitrary<Clause | TextTerm> = fc.oneof(
  clauseArbitrary(NUMBER_FIELDS, ALL_OPS, anyNumber),
  clauseArbitrary(['nvlink_status'], EQUALITY_OPS, fc.boolean()),
  clauseArbitrary(TEXT_FIELDS, EQUALITY_OPS, anyText),
  prefixClauseArbitrary,
  clauseArbitrary(['labels'], EQUALITY_OPS, anyText),
  clauseArbitrary(VERSION_FIELDS, ALL_OPS, anyVersion),
  anyText.map(text),
);
const queryArbitrary: fc.Arbitrary<Query> = fc.array(termArbitrary, { maxLength: 6 }).map((clauses) => ({ clauses }));

/** Strings made of the pieces queries are made of, so the parser's paths get exercised. */
const queryish = fc
  .array(
    fc.oneof(
      fc.constantFrom(...Object.keys(FIELD_ALIASES), 'gpu_name', 'labels', 'node_name', 'vrma', 'in', 'notin', 'IN', 'true', 'no'),
      fc.constantFrom('=', '!=', '<', '<=', '>', '>=', '==', '!', '[', ']', ',', '"', "'", '\\', ' ', '  ', '\t', '_', '.', '-', '+', 'e'),
      fc.constantFrom('0', '1', '2', '12', '4090', '0.5', '12.10', 'rtx', 'RTX_4090', 'cn-east', '\u0000', '\u00a0', '\u2028', 'é', '😀', '\ud800'),
    ),
    { maxLength: 30 },
  )
  .map((parts) => parts.join(''));

function checkParseTotal(input: string): void {
  const result = parseQuery(input);
  if (result.ok) {
    // Whatever parses must print to text that parses back to the same query.
    const printed = printQuery(result.query);
    assert.deepEqual(parseQuery(printed), { ok: true, query: result.query });
    const test = compileQuery(result.query);
    for (const machine of oddOnes) {
      test(machine);
    }
  } else {
    const { position, message } = result.error;
    assert.ok(Number.isInteger(position) && position >= 1 && position <= input.length + 1, `position ${position} for ${JSON.stringify(input)}`);
    assert.equal(typeof message, 'string');
    assert.ok(message.endsWith(`at ${position}`) || message.includes(`at ${position};`), message);
  }
}

describe('query: properties', () => {
  it('never throws on any string, and errors point inside the input', () => {
    for (const arbitrary of [fc.string(), fc.string({ unit: 'binary' }), fc.string({ unit: 'binary-ascii' }), fc.string({ unit: 'grapheme' }), queryish]) {
      fc.assert(fc.property(arbitrary, checkParseTotal), { numRuns: 300 });
    }
  });

  it('prints any query to text that parses back to it, and printing is stable', () => {
    fc.assert(
      fc.property(queryArbitrary, (query) => {
        const printed = printQuery(query);
        const again = parseQuery(printed);
        assert.deepEqual(again, { ok: true, query });
        assert.equal(printQuery(again.ok ? again.query : { clauses: [] }), printed);
      }),
      { numRuns: 500 },
    );
  });

  it('filters to an ordered subset, and "A B" matches exactly what A and B both match', () => {
    fc.assert(
      fc.property(queryArbitrary, queryArbitrary, (a, b) => {
        const both: Query = { clauses: [...a.clauses, ...b.clauses] };
        assert.deepEqual(parseQuery(`${printQuery(a)} ${printQuery(b)}`), { ok: true, query: both });
        const kept = filterMachines(sample, both);
        let from = 0;
        for (const machine of kept) {
          const at = sample.indexOf(machine, from);
          assert.ok(at >= 0, 'a kept machine is one of the input, in input order');
          from = at + 1;
        }
        const [matchA, matchB, matchBoth] = [compileQuery(a), compileQuery(b), compileQuery(both)];
        for (const machine of sample) {
          assert.equal(matchBoth(machine), matchA(machine) && matchB(machine));
        }
        assert.equal(kept.length, sample.filter(matchBoth).length);
      }),
      { numRuns: 200 },
    );
  });
});
