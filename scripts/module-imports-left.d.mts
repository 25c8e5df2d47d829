export const MODULE_IMPORTS_LEFT: Record<string, readonly string[]>;
