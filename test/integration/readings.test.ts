// Told once (issue 26), in a real VS Code: saved filters and watches written
// when a bare value of gpu, region or cpu_name was the whole name are named in
// one notice, with the quoted form that keeps their old meaning; the next
// activation says nothing again.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { GpuRentalTestApi } from './extensionEntry';
import { READING_TOLD_KEY } from '../../src/vscode/features/readings';
import { signedInToDemo, waitFor } from './helpers';

async function setting(key: 'machines.savedFilters' | 'watches', value: unknown): Promise<void> {
  await vscode.workspace.getConfiguration('gpuRental').update(key, value, vscode.ConfigurationTarget.Global);
}

describe('Changed readings, told once', function () {
  let api: GpuRentalTestApi;
  const readingNotices = () => api.shownMessages.filter((m) => m.text.includes('now matches names that start with its words'));

  before(async () => {
    ({ api } = await signedInToDemo());
  });

  afterEach(async () => {
    await setting('machines.savedFilters', undefined);
    await setting('watches', undefined);
    await waitFor('no watches', () => api.watches.watches.length === 0);
  });

  after(async () => {
    // As after any activation of this version: told.
    await api.globalState.update(READING_TOLD_KEY, true);
  });

  it('this activation checked already: the profile is marked as told', () => {
    assert.equal(api.globalState.get(READING_TOLD_KEY), true);
  });

  it('a saved filter and a watch the word-prefix matching reads differently are named once, with the quoted form; the next activation is silent', async () => {
    await setting('machines.savedFilters', { 'H100 boxes': 'gpu=H100 gpus>=8', 'Two or more': 'gpus>=2', 'Exact 4090': 'gpu="RTX_4090"' });
    await setting('watches', [{ query: 'region in [cn-east, us-west] gpus>=2', name: 'East and west' }]);
    await waitFor('the watch', () => api.watches.watches.length === 1);
    // A profile that used the version before word-prefix matching: never told.
    await api.globalState.update(READING_TOLD_KEY, undefined);
    const before = readingNotices().length;

    assert.equal(await api.tellChangedReadingsAgain(), true);
    assert.deepEqual(readingNotices().slice(before), [
      {
        severity: 'info',
        text:
          'GPU Rental: a bare value of gpu, region or cpu_name now matches names that start with its words (gpu=h100 finds H100_SXM5_80GB), ' +
          'so these saved filters and watches may find other machines: "H100 boxes" (gpu=H100 gpus>=8), "East and west" (region in [cn-east, us-west] gpus>=2). ' +
          'To keep the old meaning, quote the value: gpu="H100" gpus>=8 instead of gpu=H100 gpus>=8.',
      },
    ]);
    assert.equal(api.globalState.get(READING_TOLD_KEY), true);

    assert.equal(await api.tellChangedReadingsAgain(), false, 'the next activation tells nothing');
    assert.equal(readingNotices().length, before + 1);
  });

  it('a profile whose filters all read as before is told nothing, and a filter written afterwards is not told either', async () => {
    await setting('machines.savedFilters', { 'Two or more': 'gpus>=2', 'Exact 4090': 'gpu="RTX_4090"' });
    await api.globalState.update(READING_TOLD_KEY, undefined);
    const before = readingNotices().length;
    assert.equal(await api.tellChangedReadingsAgain(), false);
    assert.equal(api.globalState.get(READING_TOLD_KEY), true, 'checked once: filters written from now on are written with the new reading');

    await setting('machines.savedFilters', { 'H100 boxes': 'gpu=H100' });
    assert.equal(await api.tellChangedReadingsAgain(), false);
    assert.equal(readingNotices().length, before);
  });
});
