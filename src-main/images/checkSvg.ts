// Checks an uploaded SVG against the library's rules before resvg ever sees it: a hostile one is refused, never cleaned.
import { SaxesParser, type SaxesTagNS } from 'saxes';
import { MAX_SVG_BYTES } from '@shared/api/images';
import { AppError } from '@shared/errors';
import { MAX_IMAGE_PIXELS, readEmbeddedImage } from '@shared/elements/image/imageData';

/** Elements in the file: resvg builds a tree of them, and a logo has hundreds at most. */
export const MAX_SVG_ELEMENTS = 10_000;
/** Elements drawn once every `<use>` is expanded: a few uses of uses multiply a small file into millions. */
export const MAX_SVG_DRAWN_ELEMENTS = 20_000;
/** Nesting: resvg walks the tree recursively. */
export const MAX_SVG_DEPTH = 64;

const SVG_NAMESPACE = 'http://www.w3.org/2000/svg';
const XHTML_NAMESPACE = 'http://www.w3.org/1999/xhtml';
const XLINK_NAMESPACE = 'http://www.w3.org/1999/xlink';

/** What a rule refused, as `details.rule`: stable, for clients to branch on. */
export type SvgRule =
  | 'too-large'
  | 'malformed'
  | 'not-svg'
  | 'doctype'
  | 'processing-instruction'
  | 'script'
  | 'event-attribute'
  | 'external-reference'
  | 'foreign-content'
  | 'text'
  | 'embedded-image'
  | 'too-many-elements'
  | 'too-deep'
  | 'use-cycle';

/** 400 SVG_REFUSED: the message says what to remove; `details.rule` which rule. */
export class SvgRefusedError extends AppError {
  constructor(
    readonly rule: SvgRule,
    message: string,
  ) {
    super('SVG_REFUSED', 400, `SVG refused: ${message}`, { rule });
  }
}

/** Elements that run code or pull in another document; refused in any namespace. */
const SCRIPT_ELEMENTS = new Set(['script', 'handler', 'listener']);
const FOREIGN_ELEMENTS = new Set(['foreignObject', 'iframe', 'embed', 'object', 'audio', 'video', 'canvas']);
/** resvg loads no fonts (nothing a label draws needs system fonts): text would silently vanish, so it is refused. */
const TEXT_ELEMENTS = new Set(['text', 'tspan', 'textPath']);
const EMBEDDED_RASTER = /^data:image\/(?:png|jpeg);base64,/;

/** The targets of every url(…) in a value: attributes (fill, clip-path, style) and style sheets. */
function urlTargets(value: string): string[] {
  return Array.from(value.matchAll(/url\(\s*(['"]?)([^)'"]*)\1\s*\)?/gi), (match) => (match[2] ?? '').trim());
}

/**
 * A value as a URL parser reads its scheme: browsers drop ASCII tabs and newlines anywhere in a URL and spaces and
 * controls around it, so "jav&#x09;ascript:" is javascript:. Every control and space goes before the test.
 */
function isJavascriptUrl(value: string): boolean {
  return /javascript:/i.test(value.replace(/[\u0000-\u0020]/g, ''));
}

/** Refuses references out of the document in a value: url(…) anywhere but #fragments, javascript: anywhere. */
function checkValue(value: string, where: string): void {
  if (isJavascriptUrl(value)) throw new SvgRefusedError('script', `${where} holds a javascript: URL: remove it`);
  for (const target of urlTargets(value)) {
    if (!target.startsWith('#'))
      throw new SvgRefusedError(
        'external-reference',
        `${where} refers to "${target.slice(0, 80)}": only #fragments of the same document may be referred to; remove it or embed the resource`,
      );
  }
}

/**
 * A style sheet as CSS reads its keywords: escapes decoded (`@\\69mport` is @import) and comments taken out (which
 * can only join what CSS keeps apart, so the check errs on the side of refusing).
 */
function cssKeywords(text: string): string {
  return text
    .replace(/\/\*[\s\S]*?(?:\*\/|$)/g, '')
    .replace(/\\([0-9a-f]{1,6})[ \t\n\r\f]?/gi, (_, hex: string) =>
      String.fromCodePoint(Math.min(Number.parseInt(hex, 16), 0x10ffff) || 0xfffd),
    )
    .replace(/\\(.)/g, '$1');
}

/** A whole <style> sheet: its text and CDATA joined first, since an XML comment inside it (`@imp<!---->ort`) splits it. */
function checkStyleSheet(text: string): void {
  const css = cssKeywords(text);
  if (/@import/i.test(css))
    throw new SvgRefusedError(
      'external-reference',
      'a <style> sheet has @import: remove it and put the rules in the sheet',
    );
  checkValue(css, 'a <style> sheet');
  checkValue(text, 'a <style> sheet');
}

interface Node {
  children: number[];
  /** For a <use>: the ids it may draw (its href, its xlink:href). */
  uses?: string[];
}

/**
 * Elements drawn with every <use> expanded; a <use> that draws one of its own ancestors is a cycle. An id several
 * elements share counts as the largest of them, and a <use> with both hrefs as both: whichever the renderer picks.
 */
function drawnElements(nodes: Node[], ids: Map<string, number[]>): number {
  const memo = new Map<number, number>();
  const visiting = new Set<number>();
  const count = (index: number): number => {
    const known = memo.get(index);
    if (known !== undefined) return known;
    if (visiting.has(index))
      throw new SvgRefusedError('use-cycle', 'a <use> draws an element that contains it: remove the <use>');
    visiting.add(index);
    const node = nodes[index] as Node;
    let total = 1;
    for (const child of node.children) total += count(child);
    for (const id of node.uses ?? []) total += Math.max(0, ...(ids.get(id) ?? []).map(count));
    visiting.delete(index);
    if (total > MAX_SVG_DRAWN_ELEMENTS) {
      throw new SvgRefusedError(
        'too-many-elements',
        `with its <use> elements expanded it draws over ${MAX_SVG_DRAWN_ELEMENTS} elements: simplify it, or remove <use> elements that draw groups many times`,
      );
    }
    memo.set(index, total);
    return total;
  };
  return nodes.length === 0 ? 0 : count(0);
}

/** Throws SvgRefusedError unless `text` is an SVG document that keeps every rule (docs/api.md, "Images", and docs/security.md, "Pixel budgets and images"). */
export function checkSvg(text: string, byteLength: number): void {
  if (byteLength > MAX_SVG_BYTES)
    throw new SvgRefusedError(
      'too-large',
      `it has ${byteLength} bytes; an SVG may have ${MAX_SVG_BYTES}: simplify it or export it as PNG`,
    );
  const parser = new SaxesParser({ xmlns: true });
  const nodes: Node[] = [];
  const ids = new Map<string, number[]>();
  const open: number[] = [];
  let embeddedPixels = 0;
  let inStyle = 0;

  const checkElement = (tag: SaxesTagNS): void => {
    const name = tag.local ?? tag.name;
    if (nodes.length === 0 && (name !== 'svg' || tag.uri !== SVG_NAMESPACE))
      throw new SvgRefusedError(
        'not-svg',
        `the root element is <${tag.name}>, not an <svg> in the SVG namespace (xmlns="${SVG_NAMESPACE}")`,
      );
    if (nodes.length >= MAX_SVG_ELEMENTS)
      throw new SvgRefusedError(
        'too-many-elements',
        `it has over ${MAX_SVG_ELEMENTS} elements: simplify it or export it as PNG`,
      );
    if (open.length >= MAX_SVG_DEPTH)
      throw new SvgRefusedError('too-deep', `elements are nested over ${MAX_SVG_DEPTH} deep: flatten the groups`);
    if (SCRIPT_ELEMENTS.has(name)) throw new SvgRefusedError('script', `it has a <${tag.name}> element: remove it`);
    if (FOREIGN_ELEMENTS.has(name) || tag.uri === XHTML_NAMESPACE)
      throw new SvgRefusedError(
        'foreign-content',
        `it has a <${tag.name}> element: remove it (only SVG graphics are drawn)`,
      );
    if (TEXT_ELEMENTS.has(name) && tag.uri === SVG_NAMESPACE)
      throw new SvgRefusedError(
        'text',
        `it has a <${tag.name}> element: convert text to paths (outlines) before uploading`,
      );
    const uses: string[] = [];
    for (const attribute of Object.values(tag.attributes)) {
      const where = `<${tag.name} ${attribute.name}>`;
      const value = attribute.value.trim();
      if (/^on/i.test(attribute.local))
        throw new SvgRefusedError(
          'event-attribute',
          `${where} is an event handler: remove the ${attribute.name} attribute`,
        );
      // Any prefix may be bound to the XLink namespace (q:href): the local name decides.
      if (attribute.local === 'attributeName' && /^(?:[^:]*:)?(?:on|href$)/i.test(value)) {
        throw new SvgRefusedError('event-attribute', `${where} animates "${value}": remove the <${tag.name}> element`);
      }
      if (attribute.local === 'href') {
        if (isJavascriptUrl(value)) throw new SvgRefusedError('script', `${where} is a javascript: URL: remove it`);
        if (value.startsWith('#')) {
          // Only href and xlink:href are links: an href in another namespace is not what the renderer follows.
          if (name === 'use' && (attribute.uri === '' || attribute.uri === XLINK_NAMESPACE)) uses.push(value.slice(1));
        } else if (name === 'image' && EMBEDDED_RASTER.test(value)) {
          embeddedPixels += embeddedRasterPixels(value);
        } else {
          throw new SvgRefusedError(
            'external-reference',
            `${where} refers to "${value.slice(0, 80)}": only #fragments and, on <image>, data:image/png or data:image/jpeg base64 URIs are allowed; remove it or embed the image`,
          );
        }
        continue;
      }
      // An id in another namespace (x:id) is no id: it must not stand in for the element a <use> really draws.
      if (attribute.local === 'id' && attribute.uri === '') ids.set(value, [...(ids.get(value) ?? []), nodes.length]);
      checkValue(attribute.value, where);
    }
    if (embeddedPixels > MAX_IMAGE_PIXELS)
      throw new SvgRefusedError(
        'embedded-image',
        `its embedded images have ${embeddedPixels} pixels together; at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels are allowed`,
      );
    const index = nodes.length;
    nodes.push({ children: [], ...(uses.length === 0 ? {} : { uses }) });
    const parent = open.at(-1);
    if (parent !== undefined) nodes[parent]?.children.push(index);
  };

  parser.on('doctype', () => {
    throw new SvgRefusedError(
      'doctype',
      'it has a <!DOCTYPE> declaration: remove it (DTDs and entities are not allowed)',
    );
  });
  parser.on('processinginstruction', (pi) => {
    throw new SvgRefusedError(
      'processing-instruction',
      `it has a <?${pi.target} …?> processing instruction: remove it`,
    );
  });
  parser.on('opentag', (tag) => {
    checkElement(tag);
    open.push(nodes.length - 1);
    if (tag.local === 'style') inStyle++;
  });
  let sheet = '';
  parser.on('closetag', (tag) => {
    open.pop();
    if (tag.local !== 'style') return;
    inStyle--;
    if (inStyle === 0) checkStyleSheet(sheet);
    sheet = '';
  });
  const styleText = (text: string): void => {
    if (inStyle > 0) sheet += text;
  };
  parser.on('text', styleText);
  parser.on('cdata', styleText);
  parser.on('error', (error) => {
    throw new SvgRefusedError(
      'malformed',
      `it is not well-formed XML (${error.message}): export it again from the drawing program`,
    );
  });
  parser.write(text).close();
  if (nodes.length === 0) throw new SvgRefusedError('not-svg', 'it has no <svg> element');
  drawnElements(nodes, ids);
}

/** An <image>'s embedded PNG or JPEG, checked as a template's images are (size, frame headers, kind). */
function embeddedRasterPixels(dataUri: string): number {
  try {
    // What the rasteriser's decode costs: a progressive JPEG's coefficient buffers too.
    return readEmbeddedImage(dataUri.replace(/\s+/g, ''), 'embedded').decodedPixels;
  } catch (error) {
    const reason =
      error instanceof AppError
        ? typeof error.details?.reason === 'string'
          ? error.details.reason
          : error.message
        : String(error);
    throw new SvgRefusedError(
      'embedded-image',
      `an embedded <image> is refused (${reason}): remove it or embed a smaller PNG or JPEG`,
    );
  }
}
