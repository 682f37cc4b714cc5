export declare const COLLECTION_DOCUMENT: RegExp;
export declare function patchCollectionDocument(code: string): string;
