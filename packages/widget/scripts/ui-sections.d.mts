export declare const WIDGET_UI_SECTIONS: readonly string[];
export declare function pickSections(css: string, names?: readonly string[]): string;
