// Issue 28, item 5: every filter query we show people as an example (the
// manifest's settings, tool and walkthrough texts, the README's user guide,
// the walkthrough's pictures, the command line's page docs/cli.md) finds machines in the demo market that
// `npm start` serves, so that a person who tries one sees it work. The
// examples are collected from those files, not from a list kept by hand.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { DEMO_MACHINES } from '../../../dev/demo/fixtures';
import { pricePerGpu } from '../../../src/model/price';
import { compileQuery, parseQuery, usesHistory, type MachineHistory } from '../../../src/model/query';

const root = path.resolve(__dirname, '../../../..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

const VALUE = String.raw`[A-Za-z0-9_.\-]*[A-Za-z0-9_]`;
const CLAUSE = String.raw`[a-z_]+(?:\s*(?:>=|<=|!=|=|<|>)\s*${VALUE}|\s+(?:in|notin)\s+\[[^\]\n]*\])`;
/** Runs of clauses: `gpu=H100_SXM5_80GB gpus>=8 price_per_gpu<15`, not `?gpu=…&gpus=8` (a URL's parameters). */
const RUN = new RegExp(String.raw`(?<![\w?&/=.<\-\\])${CLAUSE}(?:[ \t]+${CLAUSE})*`, 'g');
/** How the tool description spells the grammar; not queries. */
const GRAMMAR = new Set(['field in [a, b]', 'field notin [a, b]']);
/**
 * The demo market's machines carry no labels, so the labels field's own example cannot match (README's field table);
 * and the market history's example of a deal (`gpu=H100_SXM5_80GB below_median>=0.1 flaps_7d<=1`, read up to the field
 * with a digit) needs an H100 10% under its model's median, which a steady week of the demo market does not have.
 */
const NO_DEMO_DATA = new Set(['labels=spot', 'gpu=H100_SXM5_80GB below_median>=0.1']);
/**
 * The README's rules for text values: what a word does not match (l40 is not the L40S, h1 nothing), and a name spelled with - that the demo market does not list;
 * its near misses' example, a filter that finds nothing so that the view offers near misses; and docs/cli.md's message
 * when nothing matched.
 */
const FINDS_NOTHING_ON_PURPOSE = new Set(['gpu=l40', 'gpu=h1', 'gpu=a100-sxm4', 'gpu=h100 gpus>=8 price_per_gpu<2', 'gpus>=100']);

interface Example {
  query: string;
  where: string;
}

function runsIn(text: string, where: string): Example[] {
  return [...text.matchAll(RUN)].map((m) => ({ query: m[0], where })).filter((e) => !GRAMMAR.has(e.query));
}

/** The user's guide: the README and the command line's page (what builders read is in CONTRIBUTING.md and the rest of docs/). */
function guideExamples(file: string): Example[] {
  const guide = read(file);
  const examples: Example[] = [];
  // Whole lines of ```text blocks: they are queries, bare words included.
  for (const block of guide.matchAll(/```text\n([\s\S]*?)```/g)) {
    for (const line of block[1].split('\n').filter((l) => l.trim())) examples.push({ query: line.trim(), where: `${file} (query block)` });
  }
  // Elsewhere, queries are code spans; the security section's hostile HTML (`<img src=x …>`) is not one.
  for (const span of guide.replace(/```[\s\S]*?```/g, '').matchAll(/`([^`\n]+)`/g)) {
    if (!span[1].startsWith('<') && !span[1].startsWith('"><')) examples.push(...runsIn(span[1], file));
  }
  return examples;
}

function manifestExamples(): Example[] {
  const examples: Example[] = [];
  for (const file of ['package.json', 'package.nls.json']) {
    JSON.stringify(JSON.parse(read(file)), (key, value: unknown) => {
      if (typeof value === 'string') examples.push(...runsIn(value, `${file}${key ? ` (${key})` : ''}`));
      return value;
    });
  }
  return examples;
}

function walkthroughPictureExamples(): Example[] {
  const dir = path.join(root, 'media/walkthrough');
  return fs.readdirSync(dir).filter((f) => f.endsWith('.svg')).flatMap((f) => {
    const text = fs.readFileSync(path.join(dir, f), 'utf8').replace(/<[^>]*>/g, '\n').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
    return runsIn(text, `media/walkthrough/${f}`);
  });
}

/**
 * Examples on the history's fields (below_median, flaps_7d, listed_hours) are read against a
 * steady week of the demo market: every machine listed for a week without a break, each model's
 * median the median of its machines' prices per GPU now.
 */
const WEEK_OF_HISTORY: MachineHistory = (() => {
  const byModel = new Map<string, number[]>();
  for (const m of DEMO_MACHINES) byModel.set(m.gpu_name, [...(byModel.get(m.gpu_name) ?? []), pricePerGpu(m)]);
  const median = (xs: number[]) => {
    const sorted = [...xs].sort((a, b) => a - b);
    const mid = sorted.length >> 1;
    return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  };
  const medians = new Map([...byModel].map(([model, prices]) => [model, median(prices)]));
  return {
    version: 1,
    listedHours: () => 168,
    flaps7d: () => 0,
    belowMedian: (m) => (medians.get(m.gpu_name)! - pricePerGpu(m)) / medians.get(m.gpu_name)!,
  };
})();

function matchCount(query: string): number {
  const parsed = parseQuery(query);
  assert.ok(parsed.ok, `${query}: ${parsed.ok ? '' : parsed.error.message}`);
  return DEMO_MACHINES.filter(compileQuery(parsed.query, usesHistory(parsed.query) ? WEEK_OF_HISTORY : undefined)).length;
}

describe('documented filter examples', () => {
  const all = [...guideExamples('README.md'), ...guideExamples('docs/cli.md'), ...manifestExamples(), ...walkthroughPictureExamples()];

  it('are found where people read them (README, the command line\'s page, manifest, walkthrough text and pictures)', () => {
    const where = new Set(all.map((e) => e.where.split(' ')[0]));
    for (const file of ['README.md', 'docs/cli.md', 'package.nls.json', 'media/walkthrough/filter-dark.svg']) assert.ok(where.has(file), `${file}: ${[...where].join(', ')}`);
    assert.ok(all.some((e) => e.where.includes('config.watches.markdownDescription')), 'the watches setting\'s example');
    assert.ok(all.some((e) => e.where.includes('walkthrough.filter.description')), 'the walkthrough\'s filter step');
  });

  it('each finds machines in the demo market', () => {
    const empty = all.filter((e) => !NO_DEMO_DATA.has(e.query) && !FINDS_NOTHING_ON_PURPOSE.has(e.query) && matchCount(e.query) === 0);
    assert.deepEqual(empty.map((e) => `${e.where}: ${e.query}`), []);
  });

  it('the collector finds a query in a sentence and skips URL parameters', () => {
    assert.deepEqual(runsIn('for example gpu=H100_SXM5_80GB gpus>=2 price_per_gpu<15. The box', 'x').map((e) => e.query), ['gpu=H100_SXM5_80GB gpus>=2 price_per_gpu<15']);
    assert.deepEqual(runsIn('`/__demo/market/add?gpu=H100_SXM5_80GB&gpus=8&price=12.00`', 'x'), []);
    assert.deepEqual(runsIn('"region in [us-west, us-east] vram>=24"', 'x').map((e) => e.query), ['region in [us-west, us-east] vram>=24']);
  });
});
