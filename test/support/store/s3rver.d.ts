// s3rver (a local S3 protocol server, used by the tests only) ships no types: the part of its API the tests use.
declare module 's3rver' {
  interface S3rverOptions {
    address?: string;
    /** 0: any free port. */
    port?: number;
    /** Where buckets and objects are kept. */
    directory: string;
    silent?: boolean;
  }
  export default class S3rver {
    constructor(options: S3rverOptions);
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
