/** Types of scripts/build-web.mjs, for the TypeScript that imports it (e2e/support/web-build.ts). */
export declare const WEB_DIST: string;
export declare function webFingerprint(base?: string): string;
export declare function webBuildIsFresh(fingerprint?: string): boolean;
export declare function buildWebIfStale(options?: { log?: (message: string) => void }): boolean;
export declare function runWebBuild(): Promise<void>;
