// Sending the token over plain http to another machine exposes it to anyone
// on the way. Ask once per host; remember a yes, and do not ask again this
// session after a no.
import * as vscode from 'vscode';
import { askModal } from './notify';

const KEY = 'gpuRental.plainHttpHosts';

/** Remembers the hosts for which the user allowed the token over plain http. */
export class PlainHttpConsent {
  private readonly declined = new Set<string>();
  private readonly asking = new Map<string, Promise<boolean>>();

  constructor(private readonly state: vscode.Memento) {}

  allow(host: string): Promise<boolean> {
    if (this.state.get<string[]>(KEY, []).includes(host)) {
      return Promise.resolve(true);
    }
    if (this.declined.has(host)) {
      return Promise.resolve(false);
    }
    let pending = this.asking.get(host);
    if (!pending) {
      pending = this.ask(host).finally(() => this.asking.delete(host));
      this.asking.set(host, pending);
    }
    return pending;
  }

  private async ask(host: string): Promise<boolean> {
    const send = vscode.l10n.t('Send over HTTP');
    const choice = await askModal(
      vscode.l10n.t('GPU Rental: the service URL uses plain http:// to {0}. Your API token would travel unencrypted. Send it anyway?', host),
      vscode.l10n.t('Use an https:// URL if the service offers one. Your answer is remembered for this host.'),
      send,
    );
    if (choice === send) {
      await this.state.update(KEY, [...this.state.get<string[]>(KEY, []), host]);
      return true;
    }
    this.declined.add(host);
    return false;
  }
}
