export declare const CAMERA_PAGES: readonly string[];
export declare const API_CONTENT_SECURITY_POLICY: string;
export declare function isHttps(appUrl: string): boolean;
export declare function pageContentSecurityPolicy(options: {
  nonce?: string;
  scriptHashes?: readonly string[];
  https?: boolean;
  dev?: boolean;
}): string;
export declare function permissionsPolicy(options?: { camera?: boolean }): string;
export declare function staticSecurityHeaders(options: {
  appUrl: string;
}): { source: string; headers: { key: string; value: string }[] }[];
export declare function inlineScriptHashes(html: string): string[];
export declare function scriptHash(source: string): string;
