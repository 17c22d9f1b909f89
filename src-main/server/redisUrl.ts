// What a Redis URL looks like, apart from the client: the CLI checks --redis without loading ioredis.
export function isRedisUrl(url: string): boolean {
  return /^rediss?:\/\//i.test(url);
}
