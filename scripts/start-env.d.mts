export declare function startScript(): string;
export declare function leadingEnv(command: string): Record<string, string>;
export declare function startEnv(): Record<string, string>;
