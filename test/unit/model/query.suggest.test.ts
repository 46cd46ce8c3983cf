// The filter box's suggestions (src/model/query/suggest.ts) and the market
// summary they read (summary.ts), against the demo market.
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { DEMO_MACHINES } from '../../../dev/demo/fixtures';
import type { Machine } from '../../../src/api/types';
import { compileQuery, parseQuery } from '../../../src/model/query';
import { SUGGESTION_LIMIT, suggestQuery } from '../../../src/model/query/suggest';
import { marketSummary } from '../../../src/model/query/summary';
import { lastTerm } from '../../../src/model/query/lastTerm';
import { machineRecord } from '../../support/records';

const summary = marketSummary(DEMO_MACHINES);
const terms = (text: string): string[] => suggestQuery(text, summary).map((s) => s.term);
const found = (text: string): number => {
  const result = parseQuery(text);
  assert.ok(result.ok, text);
  const matches = compileQuery(result.query);
  return DEMO_MACHINES.filter((m) => matches(m)).length;
};

describe('query: suggestions while typing', () => {
  it('gpu=h1 offers the H100 by its whole name, and the suggestion is the whole new text', () => {
    const [first] = suggestQuery('gpus>=8 gpu=h1', summary);
    assert.equal(first.term, 'gpu=H100_SXM5_80GB');
    assert.equal(first.text, 'gpus>=8 gpu=H100_SXM5_80GB');
    assert.equal(first.count, DEMO_MACHINES.filter((m) => m.gpu_name === 'H100_SXM5_80GB').length);
  });

  it('fields: aliases first, one name per field, none for the word already typed in full', () => {
    assert.deepEqual(terms('gp'), ['gpu', 'gpus', 'gpu_memory']);
    assert.ok(!terms('gpu').includes('gpu_name'));
    assert.deepEqual(terms('gpus>=2 ').slice(0, 3), ['gpu', 'gpus', 'vram']);
    assert.ok(suggestQuery('', summary).every((s) => s.kind === 'field'));
  });

  it('a field named in full: its operators, each with a value the market has', () => {
    const ops = terms('vram').filter((t) => t.startsWith('vram') && /[=<>!]|\b(not)?in\b/.test(t));
    assert.deepEqual(ops.map((t) => /^vram ?(>=|<=|!=|=|<|>|in|notin)/.exec(t)?.[1]), ['>=', '<=', '=', '!=', '>', '<', 'in', 'notin']);
    assert.deepEqual(terms('nvlink'), ['nvlink=false', 'nvlink!=false', 'nvlink in [false, true]', 'nvlink notin [false]']);
  });

  it('values: models with their counts and the first words several share, most machines first', () => {
    const values = suggestQuery('gpu=', summary);
    assert.equal(values[0].term, 'gpu=RTX');
    assert.equal(values[0].names, DEMO_MACHINES.reduce((names, m) => names.add(m.gpu_name), new Set<string>()).size - [...new Set(DEMO_MACHINES.map((m) => m.gpu_name))].filter((n) => !n.startsWith('RTX')).length);
    const counts = values.map((v) => v.count ?? 0);
    assert.deepEqual(counts, [...counts].sort((a, b) => b - a));
    assert.deepEqual(terms('gpus>='), ['gpus>=1', 'gpus>=2', 'gpus>=4', 'gpus>=8']);
    assert.ok(terms('cuda>=12').every((t) => /^cuda>=12\.\d+$/.test(t)));
    assert.deepEqual(terms('gpu="H1'), ['gpu="H100_SXM5_80GB"'], 'in quotes, whole names only');
    assert.deepEqual(terms('a100'), ['gpu=A100', 'gpu=A100_PCIE_40GB', 'gpu=A100_SXM4_80GB'], 'a bare word that starts names');
  });

  it('a list: the next item, without those listed, and the list closed', () => {
    const items = terms('region in [cn-east, cn');
    assert.ok(items.length > 0 && items.every((t) => /^region in \[cn-east, cn[-a-z]*\]$/.test(t)), items.join(' | '));
    assert.ok(!items.includes('region in [cn-east, cn-east]'));
  });

  it('each suggestion finds the machines it counts (the clause alone)', () => {
    for (const text of ['gpu=', 'gpus>=', 'vram', 'region=', 'cuda<', 'nvlink=', 'gpu!=', 'region in [']) {
      for (const s of suggestQuery(text, summary, 50)) {
        if (s.count !== undefined) assert.equal(found(s.term), s.count, s.term);
      }
    }
  });

  describe('in a small market, each suggestion and its count', () => {
    // GPUs 1, 2, 2, 4, 8: the middle machine has 2, and 2 is also the most common count.
    const small = marketSummary(
      [
        { gpu_count: 1, gpu_name: 'H100_SXM5_80GB', region: 'us-west', cuda_version: '12.1' },
        { gpu_count: 2, gpu_name: 'H100_80GB_HBM3', region: 'us-east', cuda_version: '12.4' },
        { gpu_count: 2, gpu_name: 'A100_SXM4_80GB', region: 'eu west', cuda_version: '11.8' },
        { gpu_count: 4, gpu_name: 'RTX 4090', region: 'cn"x', cuda_version: '12.4' },
        { gpu_count: 8, gpu_name: 'RTX_4090_D', region: 'us-west', cuda_version: '12.10' },
      ].map((m) => machineRecord({ ...m, price: String(m.gpu_count) })),
    );
    const offered = (text: string, limit?: number) => suggestQuery(text, small, limit).map((s) => [s.text, s.count, s.names]);

    it('a number field: the middle machine\'s value for the order operators, the most common for =, each with the machines it finds', () => {
      assert.deepEqual(offered('gpus'), [
        ['gpus>=2', 4, undefined],
        ['gpus<=2', 3, undefined],
        ['gpus=2', 2, undefined],
        ['gpus!=2', 3, undefined],
        ['gpus>2', 2, undefined],
        ['gpus<2', 1, undefined],
        ['gpus in [2, 1]', 3, undefined],
        ['gpus notin [2]', 3, undefined],
      ]);
      assert.deepEqual(offered('gpus>'), [['gpus>1', 4, undefined], ['gpus>2', 2, undefined], ['gpus>4', 1, undefined], ['gpus>8', 0, undefined]]);
      assert.deepEqual(offered('gpus<'), [['gpus<1', 0, undefined], ['gpus<2', 1, undefined], ['gpus<4', 3, undefined], ['gpus<8', 4, undefined]]);
    });

    it('a version field: versions in version order (12.10 after 12.4), counted as versions', () => {
      assert.deepEqual(offered('cuda').slice(0, 6), [
        ['cuda>=12.4', 3, undefined],
        ['cuda<=12.4', 4, undefined],
        ['cuda=12.4', 2, undefined],
        ['cuda!=12.4', 3, undefined],
        ['cuda>12.4', 1, undefined],
        ['cuda<12.4', 2, undefined],
      ]);
      assert.deepEqual(offered('cuda>=12'), [['cuda>=12.1', 4, undefined], ['cuda>=12.4', 3, undefined], ['cuda>=12.10', 1, undefined]]);
      assert.deepEqual(offered('cuda<'), [['cuda<11.8', 0, undefined], ['cuda<12.1', 1, undefined], ['cuda<12.4', 2, undefined], ['cuda<12.10', 4, undefined]]);
    });

    it('names: the first words several share, with how many names, then each name; a bare word offers them too', () => {
      assert.deepEqual(offered('gpu='), [
        ['gpu=H100', 2, 2],
        ['gpu=RTX', 2, 2],
        ['gpu=A100_SXM4_80GB', 1, undefined],
        ['gpu=H100_80GB_HBM3', 1, undefined],
        ['gpu=H100_SXM5_80GB', 1, undefined],
        ['gpu=RTX_4090', 1, undefined],
        ['gpu=RTX_4090_D', 1, undefined],
      ]);
      assert.deepEqual(offered('gpu=h'), [['gpu=H100', 2, 2], ['gpu=H100_80GB_HBM3', 1, undefined], ['gpu=H100_SXM5_80GB', 1, undefined]]);
      assert.deepEqual(offered('rtx'), [['gpu=RTX', 2, 2], ['gpu=RTX_4090', 1, undefined], ['gpu=RTX_4090_D', 1, undefined]]);
      assert.deepEqual(offered('x rtx'), [['x gpu=RTX', 2, 2], ['x gpu=RTX_4090', 1, undefined], ['x gpu=RTX_4090_D', 1, undefined]]);
    });

    it('quotes: the quote being typed is kept, whole names only, and a quote inside a value is escaped', () => {
      assert.deepEqual(offered('gpu="r'), [['gpu="RTX 4090"', 1, undefined], ['gpu="RTX_4090_D"', 1, undefined]]);
      assert.deepEqual(offered("gpu='r"), [["gpu='RTX 4090'", 1, undefined], ["gpu='RTX_4090_D'", 1, undefined]]);
      assert.deepEqual(offered('region='), [
        ['region=us', 3, 2],
        ['region=us-west', 2, undefined],
        ['region="cn\\"x"', 1, undefined],
        ['region=eu_west', 1, undefined],
        ['region=us-east', 1, undefined],
      ]);
    });

    it('a list: the values not listed yet, quoted or not, each counted alone', () => {
      assert.deepEqual(offered('region in [us-west, '), [
        ['region in [us-west, us]', 3, 2],
        ['region in [us-west, "cn\\"x"]', 1, undefined],
        ['region in [us-west, eu_west]', 1, undefined],
        ['region in [us-west, us-east]', 1, undefined],
      ]);
      assert.deepEqual(offered('region in ["us-west", u'), [['region in ["us-west", us]', 3, 2], ['region in ["us-west", us-east]', 1, undefined]]);
    });

    it('never the text as typed, and a field named in full takes its values as they are, not first words', () => {
      assert.deepEqual(offered('gpus>=2'), []);
      assert.deepEqual(offered('gpu').slice(2), [
        ['gpu=A100_SXM4_80GB', 1, undefined],
        ['gpu!=A100_SXM4_80GB', 4, undefined],
        ['gpu in [A100_SXM4_80GB, H100_80GB_HBM3]', 2, undefined],
        ['gpu notin [A100_SXM4_80GB]', 4, undefined],
      ]);
      assert.deepEqual(offered('gpu="rtx 4090_'), [['gpu="RTX 4090"', 1, undefined], ['gpu="RTX_4090_D"', 1, undefined]], 'space and _ alike');
      assert.ok(suggestQuery('rtx', small).every((s) => s.kind === 'clause' && s.field === 'gpu_name'));
    });

    it('at most the limit: twelve unless asked', () => {
      assert.equal(SUGGESTION_LIMIT, 12);
      assert.equal(offered('').length, SUGGESTION_LIMIT);
      assert.deepEqual(offered('', 3), [['gpu', undefined, undefined], ['gpus', undefined, undefined], ['vram', undefined, undefined]]);
    });

    it('a bare word offers at most four values of a field', () => {
      const many = marketSummary(['RTX_A', 'RTX_B', 'RTX_C', 'RTX_D', 'RTX_E'].map((gpu_name) => machineRecord({ gpu_name })));
      assert.deepEqual(
        suggestQuery('rtx', many).map((s) => s.term),
        ['gpu=RTX', 'gpu=RTX_A', 'gpu=RTX_B', 'gpu=RTX_C'],
      );
    });
  });

  it('property: a suggestion never proposes a clause the parser would reject', () => {
    const fragments = ['gpu', 'gpus', 'vram', 'region', 'cuda', 'nvlink', 'labels', 'node_name', 'price', 'in', 'notin', '=', '!=', '<', '<=', '>', '>=', '[', ']', ',', '"', "'", ' ', 'h1', 'cn', '12', 'A100', 'x', '\\'];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...fragments), { maxLength: 8 }), fc.boolean(), (parts, spaced) => {
        const text = parts.join(spaced ? ' ' : '');
        const before = text.slice(0, lastTerm(text).start);
        for (const s of suggestQuery(text, summary, 50)) {
          assert.ok(parseQuery(s.term).ok, `${JSON.stringify(text)} → ${s.term}`);
          assert.ok(s.text.startsWith(before) && s.text !== text);
          if (parseQuery(before).ok) assert.ok(parseQuery(s.text).ok, `${JSON.stringify(text)} → ${JSON.stringify(s.text)}`);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('property: hostile market values are offered only in forms that parse', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 12 }), { minLength: 1, maxLength: 6 }), (names) => {
        const machines = names.map((name, i): Machine => ({ ...DEMO_MACHINES[i], gpu_name: name, region: name, cuda_version: name }));
        const hostile = marketSummary(machines);
        for (const text of ['gpu=', 'region in [', 'cuda>=', 'gpu="', "region='", 'gpu']) {
          for (const s of suggestQuery(text, hostile, 50)) assert.ok(parseQuery(s.text).ok, `${text} → ${s.text}`);
        }
      }),
    );
  });

  it('the summary is made once per snapshot', () => {
    assert.equal(marketSummary(DEMO_MACHINES), summary);
    assert.notEqual(marketSummary([...DEMO_MACHINES]), summary);
    assert.equal(summary.total, DEMO_MACHINES.length);
  });

  it('the last term as typed: spaces around operators, open quotes and lists', () => {
    assert.deepEqual(lastTerm('gpus >= 2'), { kind: 'compare', start: 0, field: 'gpus', op: '>=', value: '2' });
    assert.deepEqual(lastTerm('a "b c'), { kind: 'other', start: 2 });
    assert.deepEqual(lastTerm('x region in ["cn'), { kind: 'list', start: 2, field: 'region', op: 'in', items: [], partial: 'cn', quote: '"' });
    assert.deepEqual(lastTerm('gpu=h1 '), { kind: 'empty', start: 7 });
  });
});
