// A render worker's validated templates (TemplateCache): keyed by the SHA-256 of each template's JSON text, least recently used dropped first, bounded in entries and bytes.
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { parseTemplate, type Template } from '@shared/model/template';
import type { TemplateCache } from '@shared/render/templateCache';

/**
 * A worker renders the few templates of its teams' conveyors over and over: 500 of them, and 32 MB (a template with
 * its images inline is at most a few MB; most are a few KB), beside the 64 MB of the image cache.
 */
export const TEMPLATE_CACHE_ENTRIES = 500;
export const TEMPLATE_CACHE_BYTES = 32 * 1024 * 1024;

/**
 * What a parsed template holds, by its JSON text's length: its strings (one byte a character) and the objects and
 * arrays around them, which the parcel label's 10 KB of JSON about doubles.
 */
const BYTES_PER_CHARACTER = 2;

/** Freezes a parsed template, so that no render can change what the next render of it reads. */
function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const member of Object.values(value)) deepFreeze(member);
  }
  return value;
}

/** The JSON text of `input`, or undefined where it has none (undefined, a function; a BigInt or a cycle throws). */
function jsonText(input: unknown): string | undefined {
  try {
    return JSON.stringify(input) as string | undefined;
  } catch {
    return undefined;
  }
}

export class ParsedTemplates implements TemplateCache {
  private readonly entries: LRUCache<string, Template>;
  /** Templates found kept, and templates validated: what tests read to tell a hit from a miss. */
  hits = 0;
  misses = 0;

  constructor(
    readonly maxEntries = TEMPLATE_CACHE_ENTRIES,
    readonly maxBytes = TEMPLATE_CACHE_BYTES,
  ) {
    this.entries = new LRUCache({ max: maxEntries, maxSize: maxBytes });
  }

  /**
   * What parseTemplate answers; a template without JSON text is validated as it is, every time. The key is the hash of the JSON text as it came (keys in their order): a stored template's id and version would not
   * do, since its library images are put in before each render and can be replaced under the same version. A miss
   * validates the template that text says, not the object given, so what is kept is exactly what the key names
   * (an object with an undefined member, which JSON leaves out, gets the same answer cold and warm).
   */
  parse(input: unknown, team = ''): Template {
    return this.parsed(input, team).template;
  }

  /** parse's answer, and the bytes it is counted as (undefined: a template without JSON text, never kept). */
  private parsed(input: unknown, team: string): { template: Template; size?: number } {
    const text = jsonText(input);
    if (text === undefined) return { template: parseTemplate(input) };
    const size = text.length * BYTES_PER_CHARACTER;
    // The team is part of the key (see forTeam); a team id holds no NUL, so no two (team, text) pairs share a key.
    const key = createHash('sha256').update(team, 'utf8').update('\0').update(text, 'utf8').digest('hex');
    const known = this.entries.get(key);
    if (known !== undefined) {
      this.hits++;
      return { template: known, size };
    }
    this.misses++;
    const template = deepFreeze(parseTemplate(JSON.parse(text)));
    // One template larger than the whole budget is not kept (lru-cache would refuse it anyway).
    if (size <= this.maxBytes) this.entries.set(key, template, { size });
    return { template, size };
  }

  /**
   * The template kept under `name` (RenderJob.templateKey) for `team`: `input` parsed (as parse does) and kept under
   * the name too, or, without input, what an earlier render kept (undefined when it was never kept or was dropped).
   */
  named(input: unknown, team: string, name: string): Template | undefined {
    // A hash key is hexadecimal: no name key (which starts with "name:") is ever one.
    const key = `name:${team}\0${name}`;
    if (input === undefined) {
      const known = this.entries.get(key);
      if (known !== undefined) this.hits++;
      return known;
    }
    const { template, size } = this.parsed(input, team);
    if (size !== undefined && size <= this.maxBytes) this.entries.set(key, template, { size });
    return template;
  }

  /**
   * This cache as one team sees it: a render finds only templates its own team's renders validated, so no team can time
   * whether another rendered a template (a hit skips validation). Entries and bytes stay one budget for the worker.
   */
  forTeam(team: string): TemplateCache {
    return { parse: (input) => this.parse(input, team) };
  }

  /** Templates kept now. */
  get size(): number {
    return this.entries.size;
  }

  /** Bytes held now, as counted: never more than maxBytes. */
  get bytes(): number {
    return this.entries.calculatedSize;
  }
}
