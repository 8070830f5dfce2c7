export declare function exercise(kind: string, options?: object): Promise<unknown>;
