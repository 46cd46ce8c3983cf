// Hostile strings from the service, in the real trees, panel and clipboard.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { GpuRentalTestApi } from './extensionEntry';
import type { DemoServer } from '../../dev/demo/server';
import { DEMO_MACHINES, DEMO_TEMPLATES } from '../../dev/demo/fixtures';
import type { MachineNode } from '../../src/vscode/views/machinesView';
import type { TemplateNode } from '../../src/vscode/views/templatesView';
import { machineNodes, signedInToDemo, waitFor } from './helpers';
import { pageContent, pageHtml } from './pages';

const PAYLOADS = [
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '</style><b>x</b>',
  '[run](command:workbench.action.terminal.new) $(alert)',
  'x'.repeat(20_000),
  'a\u0000b\u001b[31mred\r\nline',
  'safe\u202Egnp.exe',
  '🚀 Ünïcödé 日本語',
];
const BIDI_OR_CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

describe('Hostile data in a real VS Code', function () {
  let server: DemoServer;
  let api: GpuRentalTestApi;
  const machines = PAYLOADS.map((p, i) => ({ ...DEMO_MACHINES[i], gpu_name: p, cpu_name: p, region: p, cuda_version: p, node_name: `node-${i}-${p.slice(0, 30)}` }));
  const templates = PAYLOADS.map((p, i) => ({ ...DEMO_TEMPLATES[40 + i], id: 5000 + i, name: p, description: p, image_name: p, image_label: p, docker_passwd: `hunter2-secret-${i}` }));

  before(async () => {
    ({ server, api } = await signedInToDemo({ machines, templates: [DEMO_TEMPLATES[0], ...templates] }));
    await vscode.commands.executeCommand('workbench.view.extension.gpuRental');
    await vscode.commands.executeCommand('gpuRental.refresh');
    await waitFor('hostile machines', () => api.marketHost.state('machines')?.count === machines.length && !api.marketHost.state('machines')?.loading);
    await waitFor('hostile templates', () => api.marketHost.state('templates')?.count === templates.length + 1);
  });

  after(async () => {
    server.reset();
    await vscode.commands.executeCommand('gpuRental.refresh');
  });

  function check(item: vscode.TreeItem): void {
    for (const text of [item.label as string, item.description as string, item.accessibilityInformation?.label ?? '']) {
      assert.ok(!BIDI_OR_CONTROL.test(text), `control or bidi character in ${JSON.stringify(text.slice(0, 60))}`);
      assert.ok(text.length < 600, `one line of ${text.length} characters`);
    }
    if (item.contextValue === 'machine' || item.contextValue === 'template') {
      assert.ok(item.tooltip instanceof vscode.MarkdownString, 'every machine and template has a tooltip table');
    }
    if (item.tooltip instanceof vscode.MarkdownString) {
      assert.notEqual(item.tooltip.isTrusted, true);
      assert.notEqual(item.tooltip.supportHtml, true);
      assert.ok(!/(^|[^\\])<(script|img|b)/.test(item.tooltip.value), 'raw HTML in a tooltip');
      assert.ok(!/(^|[^\\])\[run\]\(command:/.test(item.tooltip.value), 'a live command link in a tooltip');
    }
  }

  it('every tree row, label, description and tooltip is inert and one readable line', async () => {
    const machineRows: MachineNode[] = (await Promise.all((await machineNodes(api)).map(async (g) => [g, ...(await api.machines.getChildren(g))]))).flat();
    const templateNodes: TemplateNode[] = (await Promise.all((await api.templates.getChildren()).map(async (g) => [g, ...(await api.templates.getChildren(g))]))).flat();
    assert.ok(machineRows.length > PAYLOADS.length && templateNodes.length > PAYLOADS.length);
    for (const node of machineRows) check(await api.machines.resolveTreeItem(api.machines.getTreeItem(node), node));
    for (const node of templateNodes) check(api.templates.getTreeItem(node));
  });

  it('the details panel shows every payload as text, under the page’s only script', async () => {
    for (const node of (await Promise.all((await machineNodes(api)).map((g) => api.machines.getChildren(g)))).flat()) {
      await vscode.commands.executeCommand('gpuRental.showMachineDetails', node);
      const nodeName = (node as Extract<MachineNode, { kind: 'machine' }>).machine.node_name;
      const html = pageHtml(api.panels, nodeName)!;
      assert.equal((html.match(/<script/g) ?? []).length, 1);
      assert.ok(!/<img|<b>|<\/style><b>/.test(html));
      assert.ok(!BIDI_OR_CONTROL.test(html.replace(/\n/g, '')));
      // The values reach the page only as content, which it writes with textContent: plain text, no control or bidi characters.
      const content = pageContent(api.panels, nodeName)!;
      for (const text of [content.title, content.nodeId, ...Object.values(content.values)]) assert.ok(!BIDI_OR_CONTROL.test(text.replace(/\n/g, '')), text.slice(0, 80));
    }
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('Copy Template as JSON masks docker_passwd', async () => {
    const leaf = (await Promise.all((await api.templates.getChildren()).map((g) => api.templates.getChildren(g)))).flat().find((n) => n.kind === 'template' && n.template.id === 5003)!;
    await vscode.commands.executeCommand('gpuRental.copyTemplateJson', leaf);
    const copied = JSON.parse(await vscode.env.clipboard.readText()) as Record<string, unknown>;
    assert.equal(copied.id, 5003);
    assert.equal(copied.docker_passwd, '••••');
    assert.equal(copied.name, PAYLOADS[3], 'the data itself is copied exactly');
  });
});
