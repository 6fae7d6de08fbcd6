import type { Server } from 'node:http';

export function installGracefulExit(options: { server?: Server; backstopMs: number }): void;
