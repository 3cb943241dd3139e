export declare const dist: string;
export declare const FIRST_LOAD_KB: number;
export declare const AUTH_KB: number;
/** The chunk sets of the budgets; `authLoad`: every script a visit to /auth downloads (dist-relative). */
export declare function analyse(manifest?: unknown): { firstLoad: string[]; authLoad: string[] };
