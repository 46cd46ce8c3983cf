// What every page shares: the document with its stylesheets in order (escaped),
// the Field | Value table's head, and the status paragraphs, hidden while
// empty, with a role only where one is given.
import * as assert from 'node:assert/strict';
import { fieldTable, pageHtml, statusParagraph } from '../../../src/webview/frame';

describe('webview frame', () => {
  it('links each stylesheet of the page in its order, escaped, and no other', () => {
    const html = pageHtml({ nonce: 'n', cspSource: 'https://webview.test', styleUris: ['https://webview.test/a.css', 'https://webview.test/b.css?x=1&y="2"'], scriptUri: 'https://webview.test/p.js', title: 'T' }, '<p>main</p>');
    assert.deepEqual(
      [...html.matchAll(/<link [^>]*>/g)].map((m) => m[0]),
      ['<link rel="stylesheet" href="https://webview.test/a.css">', '<link rel="stylesheet" href="https://webview.test/b.css?x=1&amp;y=&quot;2&quot;">'],
    );
    assert.match(html, /<link rel="stylesheet" href="https:\/\/webview.test\/a.css">\n {2}<link rel="stylesheet"/, 'one a line');
  });

  it('a Field | Value table, and status paragraphs with a role only when given, hidden while empty', () => {
    assert.match(fieldTable('Caption', '<tr></tr>'), /<thead><tr><th scope="col">Field<\/th><th scope="col">Value<\/th><\/tr><\/thead>/);
    assert.equal(statusParagraph('stale', 'notice', ''), '<p id="stale" class="notice" hidden></p>');
    assert.equal(statusParagraph('stale', 'notice', 'a < b', 'status'), '<p id="stale" class="notice" role="status">a &lt; b</p>');
  });
});
