/**
 * A translator bound to one locale: what pure formatting functions receive. A number is given as
 * a number wherever a message chooses its words by it ("1 cell" / "3 cells"): Fluent then picks
 * the language's plural form, and writes the number as the language does (1 204, 1,204).
 */
export type Translate = (key: string, variables?: Record<string, string | number>) => string;
