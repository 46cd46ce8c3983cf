// Where the IDs go, in a real VS Code: the hover over a node ID in any
// document, its two command links, and Copy As….
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { GpuRentalTestApi } from './extensionEntry';
import type { DemoServer } from '../../dev/demo/server';
import { DEMO_MACHINES } from '../../dev/demo/fixtures';
import type { MarketClient } from '../../src/market/worker/client';
import { NodeIdHover, type HoverMarket } from '../../src/vscode/features/nodeIdHover';
import { runAndAccept, signedInToDemo, waitFor } from './helpers';

async function hoverText(document: vscode.TextDocument, position: vscode.Position): Promise<{ text: string; hovers: vscode.Hover[] }> {
  const hovers = (await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', document.uri, position)) ?? [];
  const ours = hovers.filter((h) => h.contents.some((c) => (c as vscode.MarkdownString).value?.includes('GPU Rental')));
  return { text: ours.flatMap((h) => h.contents.map((c) => (c as vscode.MarkdownString).value)).join('\n'), hovers: ours };
}

describe('IDs in the editor', function () {
  let server: DemoServer;
  let api: GpuRentalTestApi;
  const listed = DEMO_MACHINES[3].node_name;

  before(async () => {
    ({ server, api } = await signedInToDemo());
  });

  it('hovering a listed node ID shows the machine, when it was listed, and links to our two commands only', async () => {
    const document = await vscode.workspace.openTextDocument({ content: `#!/bin/sh\nrent --node ${listed} --image 42\n`, language: 'shellscript' });
    const requests = server.requests.length;
    const { text, hovers } = await hoverText(document, new vscode.Position(1, 20));
    assert.equal(server.requests.length, requests, 'a hover never sends a request');
    assert.equal(hovers.length, 1);
    const machine = (await api.marketHost.client.request('machine', { nodeId: listed }))!;
    assert.ok(text.includes(`${machine.gpu_count}× `), text);
    assert.match(text, /GPU Rental: listed as of \d\d\\:\d\d\\:\d\d/);
    const links = [...text.matchAll(/\]\((command:[^)]*)\)/g)].map((m) => decodeURIComponent(m[1]));
    assert.deepEqual(links, [`command:gpuRental.showMachineDetails?["${listed}"]`, `command:gpuRental.copyNodeId?["${listed}"]`]);
    const markdown = hovers[0].contents[0] as vscode.MarkdownString;
    assert.deepEqual(markdown.isTrusted, { enabledCommands: ['gpuRental.showMachineDetails', 'gpuRental.copyNodeId'] });
    assert.equal(markdown.supportHtml, false);
  });

  it('an unlisted UUID says so; text without a UUID gets no hover of ours', async () => {
    const document = await vscode.workspace.openTextDocument({ content: 'id: 00000000-1111-2222-3333-444444444444\nno id here\n' });
    assert.match((await hoverText(document, new vscode.Position(0, 10))).text, /not listed in the last refresh/);
    assert.deepEqual((await hoverText(document, new vscode.Position(1, 3))).hovers, []);
  });

  it('costs nothing measurable on a 1 MB file without node IDs (the figure is printed)', async () => {
    const line = 'x'.repeat(99) + '\n';
    // 1 MB, not more: opening the document costs the workbench seconds per 10 MB, and the provider reads one line whatever the size.
    const document = await vscode.workspace.openTextDocument({ content: line.repeat(10_000) });
    assert.ok(document.getText().length >= 1_000_000);
    const started = Date.now();
    const { hovers } = await hoverText(document, new vscode.Position(5_000, 40));
    const roundTrip = Date.now() - started;
    assert.deepEqual(hovers, []);
    // Our provider alone, 1,000 hovers on lines of the file: the node-ID shape is checked before the market is asked anything.
    let asked = 0;
    const market = {
      state: (which: 'machines' | 'templates') => api.marketHost.state(which),
      client: { request: (...args: Parameters<MarketClient['request']>) => (asked++, api.marketHost.client.request(...args)) },
    } as unknown as HoverMarket;
    const provider = new NodeIdHover(market, { warn: (text) => assert.fail(text) });
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < 1000; i++) {
      assert.equal(await provider.provideHover(document, new vscode.Position(i * 9, 40)), undefined);
    }
    assert.equal(asked, 0, 'no request without a node ID under the pointer');
    const perHover = Number(process.hrtime.bigint() - t0) / 1e6 / 1000;
    console.log(`      hover on a 1 MB file without UUIDs: ${roundTrip} ms round trip through every hover provider; ours alone ${perHover.toFixed(3)} ms a hover`);
  });

  it('the hover links copy the ID and open its details; other strings do nothing', async () => {
    await vscode.env.clipboard.writeText('');
    await vscode.commands.executeCommand('gpuRental.copyNodeId', listed);
    assert.equal(await vscode.env.clipboard.readText(), listed);
    await vscode.commands.executeCommand('gpuRental.showMachineDetails', listed);
    await waitFor('the details panel', () => api.panels.host.keys().includes(listed));
    await vscode.env.clipboard.writeText('');
    await runAndAccept('gpuRental.copyNodeId', 'not-a-listed-id');
    assert.notEqual(await vscode.env.clipboard.readText(), 'not-a-listed-id');
  });

  it('setting gpuRental.hover.enabled to false removes the hover', async () => {
    await vscode.workspace.getConfiguration('gpuRental').update('hover.enabled', false, vscode.ConfigurationTarget.Global);
    try {
      const document = await vscode.workspace.openTextDocument({ content: listed });
      await waitFor('no hover', async () => (await hoverText(document, new vscode.Position(0, 5))).hovers.length === 0);
    } finally {
      await vscode.workspace.getConfiguration('gpuRental').update('hover.enabled', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  it('Copy As… on a machine offers IDs first and copies the node ID', async () => {
    const leaf = { kind: 'machine', machine: await api.marketHost.client.request('machine', { nodeId: listed }), groupKey: 'x' };
    await vscode.env.clipboard.writeText('');
    await runAndAccept('gpuRental.copyAs', leaf);
    assert.equal(await vscode.env.clipboard.readText(), listed);
  });
});
