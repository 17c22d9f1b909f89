// Choices the inspector offers: font families with their common aliases, and tags typed as a comma list.
import { PRINTER_FONT_0 } from '@shared/fonts/printerFont0';

export interface FamilyOption {
  value: string;
  label: string;
}

/** The three bundled families, the printer's own font 0, then the names templates often use for them (the layout maps each to one). */
export const FAMILY_OPTIONS: readonly FamilyOption[] = [
  { value: 'sans', label: 'Sans (Liberation Sans)' },
  { value: 'serif', label: 'Serif (Liberation Serif)' },
  { value: 'mono', label: 'Mono (Liberation Mono)' },
  { value: PRINTER_FONT_0, label: "Printer 0 (the printer's font ^A0)" },
  { value: 'Helvetica', label: 'Helvetica → Sans' },
  { value: 'Arial', label: 'Arial → Sans' },
  { value: 'Times', label: 'Times → Serif' },
  { value: 'Times New Roman', label: 'Times New Roman → Serif' },
  { value: 'Courier', label: 'Courier → Mono' },
];

/** The family options, plus the template's own value when it is none of them (kept, marked). */
export function familyOptions(current: string | undefined): FamilyOption[] {
  if (current === undefined || FAMILY_OPTIONS.some((option) => option.value === current)) return [...FAMILY_OPTIONS];
  return [...FAMILY_OPTIONS, { value: current, label: `${current} (as written)` }];
}

/** "retail, shelf ,, tag" → ["retail", "shelf", "tag"] */
export function parseTags(text: string): string[] {
  return text
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean);
}
