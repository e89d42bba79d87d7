// Types of build.mjs, which stays plain JavaScript (it runs before anything is compiled).
export declare const serverEntry: string;
export declare function buildWebIfNeeded(): void;
export declare function buildServerIfNeeded(): Promise<void>;
