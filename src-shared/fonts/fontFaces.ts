// Which bundled face serves a requested family/weight/style: the family map and its fallbacks.

export const FONT_FAMILIES = ['sans', 'serif', 'mono'] as const;
export type FontFamily = (typeof FONT_FAMILIES)[number];
export type FontWeight = 'normal' | 'bold';
export type FontStyle = 'normal' | 'italic';
export type FontFaceKey = `${FontFamily}-${'regular' | 'bold' | 'italic' | 'bolditalic'}`;

/** Family names people write in templates (lower-cased), mapped to a bundled family. */
const FAMILY_ALIASES: Record<string, FontFamily> = {
  sans: 'sans',
  'sans-serif': 'sans',
  helvetica: 'sans',
  arial: 'sans',
  'liberation sans': 'sans',
  arimo: 'sans',
  serif: 'serif',
  times: 'serif',
  'times new roman': 'serif',
  'liberation serif': 'serif',
  tinos: 'serif',
  mono: 'mono',
  monospace: 'mono',
  courier: 'mono',
  'courier new': 'mono',
  'liberation mono': 'mono',
  cousine: 'mono',
};

export interface FamilyResolution {
  family: FontFamily;
  /** True when the requested family is unknown and the sans was used instead. */
  fellBack: boolean;
}

export function resolveFamily(requested: string | undefined): FamilyResolution {
  if (requested === undefined) return { family: 'sans', fellBack: false };
  // A CSS-like list ("Arial, sans-serif") resolves to its first known entry.
  for (const candidate of requested.split(',')) {
    const family =
      FAMILY_ALIASES[
        candidate
          .trim()
          .replace(/^["']|["']$/g, '')
          .toLowerCase()
      ];
    if (family) return { family, fellBack: false };
  }
  return { family: 'sans', fellBack: true };
}

export function faceKey(family: FontFamily, weight: FontWeight, style: FontStyle): FontFaceKey {
  const variant =
    weight === 'bold' ? (style === 'italic' ? 'bolditalic' : 'bold') : style === 'italic' ? 'italic' : 'regular';
  return `${family}-${variant}`;
}
