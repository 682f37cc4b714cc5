export declare const PAGE_TOUCHING_MODULE: RegExp;
export declare function patchPageUntouched(path: string, code: string): string;
