export declare const SERVER_MEMORY_ENV: Record<string, string>;
export declare function withServerMemoryEnv(env: Record<string, string | undefined>): NodeJS.ProcessEnv;
