export declare function grade(submission: unknown, assignment: object): Promise<unknown>;
