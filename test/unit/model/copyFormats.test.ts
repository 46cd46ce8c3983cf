// Copy As…: every form for one and several machines and templates, exact.
import * as assert from 'node:assert/strict';
import { copyMachines, copyTemplates, machineJson } from '../../../src/model/copyFormats';
import { MASK } from '../../../src/model/secrets';
import { machineRecord, templateRecord } from '../../support/records';

describe('Copy As…', () => {
  const a = machineRecord({ node_name: '6f1c2a7e-3b1d-4c8e-9a55-0d2e7b9c4f10', gpu_name: 'RTX_4090', gpu_count: 4, price: '7.20', gpu_memory: 24, region: 'cn-north', online_rate: 0.998 });
  const b = machineRecord({ node_name: '0b7d4e21-8c6a-4f3e-b2d9-71a5c3e8f642', gpu_name: 'H100|SXM', gpu_count: 8, price: '20.000', gpu_memory: 80, region: 'us-west', online_rate: 1 });

  it('node IDs, one per line', () => {
    assert.equal(copyMachines([a], 'id'), a.node_name);
    assert.equal(copyMachines([a, b], 'id'), `${a.node_name}\n${b.node_name}`);
  });

  it('a shell variable line: NODE_ID for one, NODE_IDS quoted for several, hostile IDs quoted', () => {
    assert.equal(copyMachines([a], 'shell'), `NODE_ID=${a.node_name}`);
    assert.equal(copyMachines([a, b], 'shell'), `NODE_IDS='${a.node_name} ${b.node_name}'`);
    assert.equal(copyMachines([machineRecord({ node_name: "x'; rm -rf ~ #" })], 'shell'), `NODE_ID='x'\\''; rm -rf ~ #'`);
  });

  it('JSON of the spec fields only, the price exactly as sent', () => {
    const parsed = JSON.parse(copyMachines([b], 'json')) as Record<string, unknown>;
    assert.deepEqual(parsed, machineJson(b));
    assert.equal(parsed.price, '20.000');
    assert.equal('pricePerGpu' in parsed, false);
    assert.equal((JSON.parse(copyMachines([a, b], 'json')) as unknown[]).length, 2);
  });

  it('a Markdown table with escaped cells', () => {
    assert.equal(
      copyMachines([a, b], 'markdown'),
      [
        '| Machine | Price | Price per GPU | VRAM | Region | Online | Node ID |',
        '|:--|--:|--:|--:|:--|--:|:--|',
        `| 4× RTX 4090 | 7\\.20 | 1\\.80 | 24 | cn\\-north | 99\\.8% | ${a.node_name.replace(/-/g, '\\-')} |`,
        `| 8× H100\\|SXM | 20\\.000 | 2\\.50 | 80 | us\\-west | 100% | ${b.node_name.replace(/-/g, '\\-')} |`,
      ].join('\n'),
    );
  });

  it('templates: IDs, TEMPLATE_ID, JSON with docker_passwd masked, Markdown rows', () => {
    const t = templateRecord({ id: 42, name: 'PyTorch', image_name: 'pytorch/pytorch', image_tag: '2.4', image_type: 1, docker_passwd: 'hunter2' });
    const u = templateRecord({ id: 7 });
    assert.equal(copyTemplates([t, u], 'id'), '42\n7');
    assert.equal(copyTemplates([t], 'shell'), 'TEMPLATE_ID=42');
    assert.equal(copyTemplates([t, u], 'shell'), "TEMPLATE_IDS='42 7'");
    const json = copyTemplates([t], 'json');
    assert.ok(!json.includes('hunter2'));
    assert.equal((JSON.parse(json) as Record<string, unknown>).docker_passwd, MASK);
    assert.equal(copyTemplates([t], 'markdown').split('\n')[2], '| PyTorch | pytorch/pytorch\\:2\\.4 | 1 | 42 |');
  });
});
