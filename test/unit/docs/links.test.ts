// Every relative link and #anchor of the docs leads somewhere: the file (or
// folder) exists in the repository, and an anchor is a heading of its Markdown
// file as GitHub names it. Links with a scheme (https:, mailto:) are not
// followed: the tests run offline.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { anchorsOf, brokenLinks, slug, targetsIn } from '../../support/markdown';

const root = path.resolve(__dirname, '../../../..');

/** The docs people read in the repository: the README, CONTRIBUTING, the CHANGELOG and docs/. */
function docs(): string[] {
  const inDocs = fs
    .readdirSync(path.join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`);
  return ['README.md', 'CONTRIBUTING.md', 'CHANGELOG.md', ...inDocs];
}

describe('the docs’ links', () => {
  it('are the README, CONTRIBUTING, the CHANGELOG, the architecture and performance notes, and more than a handful of links', () => {
    const files = docs();
    for (const needed of ['docs/architecture.md', 'docs/performance.md', 'docs/history.md']) assert.ok(files.includes(needed), needed);
    const relative = files.flatMap((f) => targetsIn(fs.readFileSync(path.join(root, f), 'utf8'))).filter((t) => !/^[a-z]+:/i.test(t.target));
    assert.ok(relative.length >= 40, `${relative.length} relative links and pictures`);
    assert.ok(relative.some((t) => t.target.includes('#')), 'some with an anchor');
  });

  for (const file of docs()) {
    it(`all resolve in ${file}`, () => {
      assert.deepEqual(brokenLinks(root, file), []);
    });
  }

  it('are found broken: a missing file, a missing heading, an anchor into a file that is not Markdown', () => {
    const files: Record<string, string> = {
      'README.md': [
        '# Title',
        '',
        '## Using it',
        '',
        'See [usage](#using-it), [nothing](#no-such-heading), [the guide](docs/guide.md#the-layers),',
        '[gone](docs/gone.md), [a picture](media/x.png), [a line](src/a.ts#L3) and [the web](https://example.com/#x).',
        '',
        '```sh',
        'see [code](not/checked.md)',
        '```',
        '`[a span](not/checked/either.md)`',
      ].join('\n'),
      'docs/guide.md': '# Guide\n\n## The layers\n\nBack to [the README](../README.md#title), [away](../../outside.md).\n',
      'media/x.png': 'png',
      'src/a.ts': 'code',
    };
    const read = (f: string) => files[f];
    assert.deepEqual(brokenLinks('/nowhere', 'README.md', read), [
      'README.md:5: #no-such-heading: README.md has no heading #no-such-heading',
      'README.md:6: docs/gone.md: docs/gone.md does not exist',
      'README.md:6: src/a.ts#L3: an anchor into src/a.ts, which is not Markdown',
    ]);
    assert.deepEqual(brokenLinks('/nowhere', 'docs/guide.md', read), ['docs/guide.md:5: ../../outside.md: ../outside.md does not exist']);
  });

  it('name headings as GitHub does', () => {
    assert.equal(slug('Quick start (fresh Debian machine)'), 'quick-start-fresh-debian-machine');
    assert.equal(slug('`npm run bench`: a refresh after `JSON.parse`'), 'npm-run-bench-a-refresh-after-jsonparse');
    assert.equal(slug('The service\'s API: what we assumed where the spec says "not shown"'), 'the-services-api-what-we-assumed-where-the-spec-says-not-shown');
    assert.equal(slug('[Unreleased]'), 'unreleased');
    assert.equal(slug('Fitting a model, 16/8/4 bits'), 'fitting-a-model-1684-bits');
    assert.equal(slug('snake_case and GPU-memory'), 'snake_case-and-gpu-memory');
    assert.deepEqual([...anchorsOf('# A\n\n```sh\n# not a heading\n```\n\n## A\n### B #\n')], ['a', 'a-1', 'b']);
  });
});
