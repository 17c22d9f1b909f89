// Types for the `linebreak` package (Unicode UAX #14 line breaking, the one pdfkit uses); it ships none.
declare module 'linebreak' {
  export interface Break {
    /** Index in the string where the next line may start. */
    position: number;
    /** True for a mandatory break (a newline). */
    required: boolean;
  }
  export default class LineBreaker {
    constructor(text: string);
    nextBreak(): Break | null;
  }
}
