/**
 * The declaration of `@botica/ui/styles.css` for TypeScript (built to `dist/styles.css.d.ts`, the
 * stylesheet's `types` export). The stylesheet exports nothing, but TypeScript 6 checks side-effect
 * imports (`noUncheckedSideEffectImports`), so a consumer's `import '@botica/ui/styles.css'` needs a
 * declaration to resolve to. Import the stylesheet once, for its effect: the tokens and every
 * component's styles.
 */
export {};
