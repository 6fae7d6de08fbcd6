export declare const SUPPORTED: readonly { major: number; minor: number }[];
export declare const FALLBACK_VERSION: string;
export declare function isSupportedNode(version: string): boolean;
export declare function supportedText(): string;
export declare function runOnSupportedNode(): Promise<void>;
