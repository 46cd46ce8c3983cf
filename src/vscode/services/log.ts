// The "GPU Rental" log. Every line passes through token redaction, as a last
// guard behind the client's rule of never logging headers or error objects.
import * as vscode from 'vscode';
import type { Logger } from '../../api/client';
import { redactToken } from '../../model/token';
import { Disposable } from './lifecycle';

export class Log extends Disposable implements Logger {
  readonly channel = this._register(vscode.window.createOutputChannel('GPU Rental', { log: true }));
  private secret: string | undefined;

  /** The token currently in use, so that it can be redacted wherever it appears. */
  setSecret(token: string | undefined): void {
    this.secret = token;
  }

  redact(text: string): string {
    return redactToken(text, this.secret);
  }

  debug(message: string): void {
    this.channel.debug(this.redact(message));
  }
  info(message: string): void {
    this.channel.info(this.redact(message));
  }
  warn(message: string): void {
    this.channel.warn(this.redact(message));
  }
  error(message: string): void {
    this.channel.error(this.redact(message));
  }
}

/**
 * What the log says about an error: its kind, and with `redact` its message
 * too (redacted: a message can quote what was being sent or stored). Never
 * its stack or properties.
 */
export function describeError(err: unknown, redact?: (text: string) => string): string {
  if (!(err instanceof Error)) {
    return typeof err;
  }
  return redact ? `${err.name}: ${redact(err.message)}` : err.name;
}
