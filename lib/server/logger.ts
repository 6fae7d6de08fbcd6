import 'server-only';
import { getEnv } from '@/lib/env';

const levels = { debug: 10, info: 20, warn: 30, error: 40 } as const;
type Level = keyof typeof levels;

function serialise(value: unknown): unknown {
  if (value instanceof Error) return { name: value.name, message: value.message, stack: value.stack };
  return value;
}

function log(level: Level, message: string, data?: Record<string, unknown>) {
  if (levels[level] < levels[getEnv().LOG_LEVEL]) return;
  const entry: Record<string, unknown> = { level, time: new Date().toISOString(), msg: message };
  for (const [key, value] of Object.entries(data ?? {})) entry[key] = serialise(value);
  const line = JSON.stringify(entry);
  if (level === 'error' || level === 'warn') console.error(line);
  else console.log(line);
}

/** One JSON line per event, so logs stay greppable and machine-readable. */
export const logger = {
  debug: (message: string, data?: Record<string, unknown>) => log('debug', message, data),
  info: (message: string, data?: Record<string, unknown>) => log('info', message, data),
  warn: (message: string, data?: Record<string, unknown>) => log('warn', message, data),
  error: (message: string, data?: Record<string, unknown>) => log('error', message, data),
};
