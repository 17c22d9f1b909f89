// The characters FreeType's auto-hinter measures a face on, for the scripts a text uses: a font subset keeps them so
// that the subset is hinted like the whole face.
//
// Chromium on Linux draws text with FreeType's light auto-hinter. It sets each script's blue zones (the heights glyph
// edges snap to) from the extremes of a few reference characters, and its standard stem widths from one standard
// character, looked up in the face's own character map. A subset without them is measured on whatever is left, and its
// glyphs were drawn up to a pixel apart from the whole face's (measured on the shipping sample: every glyph of its
// bold subset, and the Cyrillic letters of an address). The strings are FreeType's (src/autofit/afblue.dat, afscript.h) for the scripts the bundled faces cover.

interface ScriptReference {
  /** Code point ranges (inclusive) of the script, as FreeType assigns glyphs to it; Latin takes everything else. */
  ranges: readonly (readonly [number, number])[];
  /** The blue strings and standard characters. */
  characters: string;
}

const LATIN = 'THEZOCQS' + 'HEZLOCUS' + 'fijkdbh' + 'xzroesc' + 'pqgjy' + 'oO0';

const OTHER_SCRIPTS: readonly ScriptReference[] = [
  {
    ranges: [
      [0x0400, 0x052f],
      [0x1c80, 0x1c8f],
      [0x2de0, 0x2dff],
      [0xa640, 0xa69f],
    ],
    characters: 'БВЕПЗОСЭ' + 'БВЕШЗОСЭ' + 'хпншезос' + 'руф' + 'оО',
  },
  {
    ranges: [
      [0x0370, 0x03ff],
      [0x1f00, 0x1fff],
    ],
    characters: 'ΓΒΕΖΘΟΩ' + 'ΒΔΖΞΘΟ' + 'βθδζλξ' + 'αειοπστω' + 'βγημρφχψ' + 'οΟ',
  },
  {
    ranges: [
      [0x0590, 0x05ff],
      [0xfb1d, 0xfb4f],
    ],
    characters: 'בדהחךכםס' + 'בטכםסצ' + 'קךןףץ' + 'ם',
  },
];

/**
 * The reference characters of the scripts among `codePoints`. Latin's always: digits, spaces and punctuation are Latin
 * to the auto-hinter, so every label's text has some.
 */
export function autohintCharacters(codePoints: Iterable<number>): string {
  const scripts = new Set<ScriptReference>();
  for (const codePoint of codePoints) {
    const script = OTHER_SCRIPTS.find(({ ranges }) =>
      ranges.some(([first, last]) => codePoint >= first && codePoint <= last),
    );
    if (script) scripts.add(script);
  }
  return LATIN + [...scripts].map((script) => script.characters).join('');
}
