// SQL files are imported as their text: esbuild's text loader and the vitest plugin in vitest.config.ts both do this.
declare module '*.sql' {
  const text: string;
  export default text;
}
