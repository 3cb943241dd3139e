export declare function freshDatabase(
  baseUrl: string,
  prefix: string,
): Promise<{ url: string; drop: () => Promise<unknown> }>;
