// Reads V8 CPU profiles (.cpuprofile) into self time per frame and per step of the request path, the original source files found through the bundle's source map.
import { readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { fileURLToPath } from 'node:url';

/** The steps of a render request, in the order the README's table shows them. */
export const STEPS = [
  'parse/validate',
  'auth',
  'admission/quota',
  'layout',
  'emit',
  'store',
  'send',
  'pool/ipc',
  'node i/o',
  'client',
  'gc',
  'other',
] as const;
export type Step = (typeof STEPS)[number];

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
export interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/**
 * How frames are grouped: a frame's source is its original file (through the bundle's source map) or, outside the
 * bundle, its package or Node's internal module. A frame whose source names a step (the table below, first match
 * wins) is that step; any other frame (a library, a V8 builtin such as JSON.parse, native code) takes its caller's
 * step, so zod called by parseTemplate is parse/validate and fontkit called by the layout is layout while fontkit called
 * by an emitter is emit. Frames with no step above them are Node's own I/O ('node i/o'): its HTTP server and Koa's
 * dispatch in the server, the stream callbacks writing outputs to the pool's pipe in a render worker.
 */
const STEP_OF_SOURCE: [RegExp, Step][] = [
  [/src-main\/server\/middleware\/authenticate|src-main\/store\/queries\/apiKeys/, 'auth'],
  [/renderAdmission|quotaGate|rateLimit|rate-limiter-flexible/, 'admission/quota'],
  [
    /src-main\/server\/(requestBody|middleware\/jsonBody)|@koa\/bodyparser|raw-body|src-shared\/model\/|src-shared\/api\/|prepareTemplate|templateAccess/,
    'parse/validate',
  ],
  [/src-main\/server\/sendDocument|koa\/lib\/application|koa\/lib\/response/, 'send'],
  [/src-main\/store\/|kysely|better-sqlite3/, 'store'],
  [
    /src-shared\/emit\/|src-shared\/elements\/[^/]+\/emit|shapePdf|shapeSvg|shapeZpl|pdfkit|@resvg|fast-png|fflate/,
    'emit',
  ],
  [/src-shared\/(layout|elements|text|fonts|expr|units|render\/renderPixels|sheets|records)\//, 'layout'],
  [/src-main\/render\/|node:child_process|node:internal\/child_process|v8\/serdes|node:v8/, 'pool/ipc'],
  // The profile's own fetch() runs in the server's process: its time is the client's, not the server's.
  [/undici/, 'client'],
  [/^\(garbage collector\)$/, 'gc'],
  [/^\(program\)$/, 'other'],
];

/** Maps bundled frames to their original sources: one SourceMap per bundle file, read once. */
export class FrameSources {
  private readonly maps = new Map<string, SourceMap | undefined>();

  source(frame: CallFrame): string {
    // V8's own entries are named in parentheses already: (garbage collector), (program), (root), (idle).
    if (frame.url === '') return frame.functionName.startsWith('(') ? frame.functionName : `(${frame.functionName})`;
    const map = this.mapOf(frame.url);
    const entry = map?.findEntry(frame.lineNumber, frame.columnNumber);
    const original = entry && 'originalSource' in entry ? entry.originalSource : frame.url;
    const nodeModules = /node_modules\/((?:@[^/]+\/)?[^/]+\/.*)$/.exec(original);
    if (nodeModules) return nodeModules[1] ?? original;
    const project = /(src-(?:main|shared)\/.*)$/.exec(original);
    return project?.[1] ?? original;
  }

  private mapOf(url: string): SourceMap | undefined {
    if (!this.maps.has(url)) {
      let map: SourceMap | undefined;
      try {
        // Only the project's bundles: a package's own map (pdfkit ships one) would hide the package's name.
        if (url.startsWith('file:') && !url.includes('/node_modules/'))
          map = new SourceMap(JSON.parse(readFileSync(`${fileURLToPath(url)}.map`, 'utf8')));
      } catch {
        map = undefined;
      }
      this.maps.set(url, map);
    }
    return this.maps.get(url);
  }
}

export interface ProfileSummary {
  /** Self milliseconds per step. */
  steps: Map<Step, number>;
  /** Self milliseconds per frame (function and original source), largest first. */
  frames: [string, number][];
}

/** Self time of each sample's leaf frame, its step inherited from its nearest caller that has one; several profiles (a worker process's and a thread's) add up. */
export function summarise(profiles: readonly CpuProfile[], sources: FrameSources): ProfileSummary {
  const steps = new Map<Step, number>();
  const frames = new Map<string, number>();
  for (const profile of profiles) addProfile(profile, sources, steps, frames);
  return { steps, frames: [...frames].sort((a, b) => b[1] - a[1]) };
}

function addProfile(
  profile: CpuProfile,
  sources: FrameSources,
  steps: Map<Step, number>,
  frames: Map<string, number>,
): void {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const stepOf = new Map<number, Step>();
  const step = (id: number): Step => {
    const known = stepOf.get(id);
    if (known !== undefined) return known;
    const node = byId.get(id);
    const source = node ? sources.source(node.callFrame) : '';
    const own = STEP_OF_SOURCE.find(([pattern]) => pattern.test(source))?.[1];
    const up = parent.get(id);
    const found = own ?? (up === undefined ? 'node i/o' : step(up));
    stepOf.set(id, found);
    return found;
  };
  profile.samples.forEach((id, index) => {
    // timeDeltas[i] is the time before sample i; the time a sample stands for is the gap to the next one.
    const ms = (profile.timeDeltas[index + 1] ?? 0) / 1000;
    const node = byId.get(id);
    // Idle is the process waiting (for the worker, for the next request): no step's cost.
    if (node === undefined || node.callFrame.functionName === '(idle)') return;
    const s = step(id);
    steps.set(s, (steps.get(s) ?? 0) + ms);
    const name = `${node.callFrame.functionName || '(anonymous)'} ${sources.source(node.callFrame)}`;
    frames.set(name, (frames.get(name) ?? 0) + ms);
  });
}
