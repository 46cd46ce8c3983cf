// Where `gpu-rental` finds its service and token: GPU_RENTAL_BASE_URL, and
// GPU_RENTAL_TOKEN or a token file only its owner can read. The token is
// never an argument and never printed.
import * as fs from 'node:fs';
import { checkBaseUrl, isLoopbackHost } from '../api/baseUrl';
import { normalizeToken, tokenProblem } from '../model/token';
import { setupError, type CliError } from './errors';

export interface Service {
  baseUrl: URL;
  token: string;
}

export type ServiceCheck = { ok: true; service: Service } | { ok: false; error: CliError };

export type Env = Record<string, string | undefined>;

/** The service from the environment and, when given, the token file. */
export function serviceFrom(env: Env, tokenFile: string | undefined): ServiceCheck {
  const raw = env.GPU_RENTAL_BASE_URL;
  if (!raw?.trim()) {
    return { ok: false, error: setupError('GPU_RENTAL_BASE_URL is not set: set it to the service URL, e.g. https://gpu.example.com') };
  }
  const check = checkBaseUrl(raw);
  if (!check.ok) {
    return { ok: false, error: setupError(check.problem.replace(/\(setting gpuRental\.baseUrl\)/, '(GPU_RENTAL_BASE_URL)')) };
  }
  if (check.url.protocol === 'http:' && !isLoopbackHost(check.url.hostname) && env.GPU_RENTAL_ALLOW_HTTP !== '1') {
    return { ok: false, error: setupError(`${check.display} is plain http: the token would cross the network unencrypted. Use https, or set GPU_RENTAL_ALLOW_HTTP=1 if that network is yours.`) };
  }
  const token = tokenFile === undefined ? fromEnv(env) : fromFile(tokenFile);
  if (typeof token !== 'string') return { ok: false, error: token };
  return { ok: true, service: { baseUrl: check.url, token } };
}

function fromEnv(env: Env): string | CliError {
  const raw = env.GPU_RENTAL_TOKEN;
  if (!raw?.trim()) {
    return setupError('no API token: set GPU_RENTAL_TOKEN, or use --token-file FILE (a file only you can read)');
  }
  const problem = tokenProblem(raw);
  return problem ? setupError(`GPU_RENTAL_TOKEN: ${problem}`) : normalizeToken(raw);
}

/** The file must be a regular file of ours that no one else can read or write (checked where the system has modes). */
function fromFile(file: string): string | CliError {
  let raw: string;
  try {
    const stat = fs.statSync(file);
    if (!stat.isFile()) return setupError('--token-file: not a regular file');
    if (process.platform !== 'win32') {
      if (typeof process.getuid === 'function' && stat.uid !== process.getuid()) {
        return setupError('--token-file: the file belongs to another user');
      }
      if ((stat.mode & 0o077) !== 0) {
        return setupError(`--token-file: others can access the file (mode ${(stat.mode & 0o777).toString(8)}); run chmod 600 on it`);
      }
    }
    raw = fs.readFileSync(file, 'utf8');
  } catch (err) {
    return setupError(`--token-file: cannot read the file (${(err as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  const problem = tokenProblem(raw);
  return problem ? setupError(`--token-file: ${problem}`) : normalizeToken(raw);
}
