import type { Config } from 'tailwind-merge';

export declare const generatedPath: string;
export declare function candidates(): string[];
export declare function baseNames(className: string): string[];
export declare function groupLookup(
  config: Config<string, string>,
): (className: string) => string | undefined;
export declare function usedGroups(config?: Config<string, string>, words?: string[]): Set<string>;
export declare function generate(config?: Config<string, string>, used?: Set<string>): string;
