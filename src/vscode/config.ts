// A small typed view of the extension's settings.
import * as vscode from 'vscode';

export const SECTION = 'gpuRental';

export class Config {
  private get section(): vscode.WorkspaceConfiguration {
    return vscode.workspace.getConfiguration(SECTION);
  }

  get baseUrl(): string {
    return this.section.get<string>('baseUrl') ?? '';
  }

  get timeoutMs(): number {
    const seconds = this.section.get<number>('requestTimeoutSeconds', 15);
    return clamp(Number.isFinite(seconds) ? seconds : 15, 1, 600) * 1000;
  }

  get templatePageSize(): number {
    const size = this.section.get<number>('templates.pageSize', 50);
    return Math.floor(clamp(Number.isFinite(size) ? size : 50, 1, 1000));
  }

  onDidChange(listener: (affects: (key: string) => boolean) => void): vscode.Disposable {
    return vscode.workspace.onDidChangeConfiguration((event) => {
      if (event.affectsConfiguration(SECTION)) {
        listener((key) => event.affectsConfiguration(`${SECTION}.${key}`));
      }
    });
  }
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
