// With a recognisable token, after requests and a failure (its own, and those of
// any suite that ran before): the token must not be in the log, in any
// notification, or in the settings.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as vscode from 'vscode';
import { findExtensionLogFile } from '../../dev/harness/logFiles';
import { EXTENSION_ID, TOKEN, extensionApi, signedInToDemo, waitFor } from './helpers';

describe('The token stays secret', () => {
  // Makes what it then searches (requests, a failure, a notification) itself, whatever ran before.
  before(async () => {
    const { server, api } = await signedInToDemo();
    await waitFor('machines', () => !api.marketHost.state('machines')?.loading && api.marketHost.state('machines')?.count === 160);
    server.setFault({ endpoint: 'machines', fault: { kind: 'status', status: 500 } });
    await vscode.commands.executeCommand('gpuRental.refresh');
    await waitFor('the failure', () => !api.marketHost.state('machines')?.loading && api.marketHost.state('machines')?.errorKind);
    server.clearFaults();
  });

  it('is not in the "GPU Rental" log, which holds the requests and failures of the whole run', async () => {
    const api = await extensionApi();
    api.log.info('end of the integration suite');
    const file = await waitFor('the log file', () => findExtensionLogFile(EXTENSION_ID, 'GPU Rental'));
    const text = await waitFor('the last line to be written', () => {
      const content = fs.readFileSync(file, 'utf8');
      return content.includes('end of the integration suite') && content;
    });
    assert.match(text, /Machines: 160 loaded\./);
    assert.match(text, /GET \/v1\/rentgpu\/machines → 500/);
    assert.match(text, /Setup: ready/);
    assert.ok(!text.includes(TOKEN), 'the token is in the log');
  });

  it('is not in any notification shown during the run', async () => {
    const api = await extensionApi();
    assert.ok(api.shownMessages.some((m) => m.text.includes('500')), 'the failed refresh was notified');
    assert.deepEqual(api.shownMessages.filter((m) => m.text.includes(TOKEN)), []);
  });

  it('is not in the settings', () => {
    const settings = JSON.stringify(vscode.workspace.getConfiguration('gpuRental'));
    assert.ok(!settings.includes(TOKEN));
  });
});
