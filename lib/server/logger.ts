import 'server-only';
import pino, { type DestinationStream, type Logger } from 'pino';
import { getEnv } from '@/lib/env';
import { redactTokenPaths } from '@/lib/http/token-paths.mjs';

/** Names whose values never reach the log, at the top level or up to three levels down (e.g. `request.headers.cookie`). */
const SECRET_NAMES = [
  'cookie',
  'cookies',
  'set-cookie',
  'authorization',
  'proxy-authorization',
  'x-xsrf-token',
  'token',
  'accessToken',
  'refreshToken',
  'idToken',
  'access_token',
  'refresh_token',
  'id_token',
  'sessionToken',
  'password',
  'secret',
  'clientSecret',
  'client_secret',
  'apiKey',
  'api_key',
  'privateKey',
  'encryptionKey',
];

/** Redaction paths for pino (bracketed, since some names contain '-'). */
export const REDACT_PATHS = SECRET_NAMES.flatMap((name) => {
  const key = `["${name}"]`;
  return [key, `*${key}`, `*.*${key}`, `*.*.*${key}`];
});

/**
 * Plain pino writing JSON lines to stdout, synchronously: no transports,
 * whose worker threads do not survive Next's bundling, and nothing lost when
 * the process dies right after logging. Each finished line has the tokens of
 * token-bearing paths redacted (lib/http/token-paths.mjs) wherever they sit:
 * a request's path, a URL in an error message or stack, the message itself.
 */
export function createPinoLogger(
  level: string,
  destination: DestinationStream = pino.destination({ dest: 1, sync: true }),
): Logger {
  const redacting: DestinationStream = { write: (line: string) => destination.write(redactTokenPaths(line)) };
  return pino(
    {
      level,
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      serializers: { error: pino.stdSerializers.err, cause: pino.stdSerializers.err, err: pino.stdSerializers.err },
    },
    redacting,
  );
}

const holder = globalThis as typeof globalThis & { signetLogger?: Logger };

function root(): Logger {
  holder.signetLogger ??= createPinoLogger(getEnv().LOG_LEVEL);
  return holder.signetLogger;
}

type TLogData = Record<string, unknown>;

/**
 * One JSON line per event: {"level":"info","time":"…","pid":…,"hostname":"…","msg":"…",…data}.
 * Call sites keep the message first; pino takes the data object first.
 */
export const logger = {
  debug: (message: string, data?: TLogData) => root().debug(data ?? {}, message),
  info: (message: string, data?: TLogData) => root().info(data ?? {}, message),
  warn: (message: string, data?: TLogData) => root().warn(data ?? {}, message),
  error: (message: string, data?: TLogData) => root().error(data ?? {}, message),
};
