/** Minimal typings of s3rver 3 (the package ships none). */
declare module 's3rver' {
  interface S3rverOptions {
    port?: number;
    address?: string;
    directory: string;
    silent?: boolean;
    resetOnClose?: boolean;
    configureBuckets?: { name: string; configs: (string | Buffer)[] }[];
  }
  /** The Koa context fields the local middleware uses. */
  export interface S3rverContext {
    method: string;
    path: string;
    query: Record<string, string | string[]>;
    req: import('node:http').IncomingMessage;
    status: number;
    type: string;
    body: unknown;
    /** false: Koa leaves the response alone (a fault that never answers). */
    respond?: boolean;
    get(header: string): string;
    set(header: string, value: string): void;
  }
  export type S3rverMiddleware = (ctx: S3rverContext, next: () => Promise<void>) => Promise<void>;
  export default class S3rver {
    constructor(options: S3rverOptions);
    /** Koa's middleware list (s3rver extends Koa); composed when run() starts listening. */
    middleware: S3rverMiddleware[];
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
