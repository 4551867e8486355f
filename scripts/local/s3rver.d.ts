declare module "s3rver" {
  export default class S3rver {
    constructor(options: {
      port?: number;
      address?: string;
      directory: string;
      silent?: boolean;
      /** Each config is a bucket subresource's XML document (CORSConfiguration, WebsiteConfiguration). */
      configureBuckets?: { name: string; configs?: (string | Buffer)[] }[];
    });
    run(): Promise<unknown>;
    close(): Promise<void>;
  }
}
