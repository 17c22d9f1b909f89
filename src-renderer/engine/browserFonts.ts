// Builds the layout's FontRegistry in the browser from the server's font list and font files (the same TTFs as the server's).
import { z } from 'zod';
import type { EditorFont } from '@shared/api/editorApi';
import { faceKey, FONT_FAMILIES } from '@shared/fonts/fontFaces';
import { FontRegistry } from '@shared/fonts/fontRegistry';

const FACE_KEYS = FONT_FAMILIES.flatMap((family) =>
  (['normal', 'bold'] as const).flatMap((weight) =>
    (['normal', 'italic'] as const).map((style) => faceKey(family, weight, style)),
  ),
);

/** One bundled face as GET /api/fonts lists it (EditorFont in src-shared/api/editorApi.ts); `url` serves the file. */
export const fontListEntrySchema = z.object({
  key: z.enum(FACE_KEYS),
  family: z.enum(FONT_FAMILIES),
  weight: z.enum(['normal', 'bold']),
  style: z.enum(['normal', 'italic']),
  file: z.string().min(1),
  url: z.string().min(1),
}) satisfies z.ZodType<EditorFont>;
/** The answer of GET /api/fonts. */
export const fontListSchema = z.object({ fonts: z.array(fontListEntrySchema) });
export type FontListEntry = EditorFont;

/** Fetches one face's TTF bytes; gets the file name and the whole list entry (with its url). */
export type FetchFont = (file: string, face: FontListEntry) => Promise<ArrayBuffer>;

/** Parses every listed face once; the registry then measures and outlines text exactly as the server's does. */
export async function loadBrowserFonts(fetchFont: FetchFont, faces: readonly FontListEntry[]): Promise<FontRegistry> {
  const sources = await Promise.all(
    faces.map(async (face) => ({
      family: face.family,
      weight: face.weight,
      style: face.style,
      fileName: face.file,
      data: new Uint8Array(await fetchFont(face.file, face)),
    })),
  );
  return new FontRegistry(sources);
}

/** A fetch-like function: the API client passes its own (base URL, session header); the default is the page's fetch. */
export type FetchLike = (url: string) => Promise<Response>;

async function checked(response: Response, what: string): Promise<Response> {
  if (!response.ok) throw new Error(`${what}: HTTP ${response.status}`);
  return response;
}

/** GET /api/fonts (the page's session cookie goes along), then every face from its url. */
export async function loadServerFonts(request: FetchLike = (url) => fetch(url)): Promise<FontRegistry> {
  const { fonts } = fontListSchema.parse(await (await checked(await request('/api/fonts'), 'GET /api/fonts')).json());
  return loadBrowserFonts(
    async (file, face) => (await checked(await request(face.url), `font ${file}`)).arrayBuffer(),
    fonts,
  );
}
