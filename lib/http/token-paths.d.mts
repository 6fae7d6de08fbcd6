export declare const REDACTED: string;
export declare function redactTokenPaths(text: string): string;
