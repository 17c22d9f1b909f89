// For tests: what poppler reads in a PDF (its words with their pages and places, its page count and size).
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface PdfWord {
  /** 1-based. */
  page: number;
  /** Top-left corner in points from the page's top-left. */
  x: number;
  y: number;
  text: string;
}

/** Runs a poppler tool on the bytes in a temporary file of their own. */
async function poppler(tool: string, pdf: Uint8Array, args: string[]): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'labelsmith-poppler-'));
  try {
    const file = join(dir, 'in.pdf');
    await writeFile(file, pdf);
    return (await run(tool, [...args, file, ...(tool === 'pdftotext' ? ['-'] : [])])).stdout;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Every word of the PDF in reading order, as pdftotext -bbox places it. */
export async function pdfWords(pdf: Uint8Array): Promise<PdfWord[]> {
  const xhtml = await poppler('pdftotext', pdf, ['-bbox']);
  return xhtml
    .split('<page ')
    .slice(1)
    .flatMap((page, index) =>
      [...page.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)"[^>]*>([^<]*)<\/word>/g)].map((match) => ({
        page: index + 1,
        x: Number(match[1]),
        y: Number(match[2]),
        text: match[3] ?? '',
      })),
    );
}

/** pdfinfo's report: "Pages:", "Page size:" and the rest. */
export function pdfInfo(pdf: Uint8Array): Promise<string> {
  return poppler('pdfinfo', pdf, []);
}
