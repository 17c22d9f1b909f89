// One team's flood of valid but costly work from several client addresses: slow SVG uploads and slow renders, each loop sending its next request as soon as the last is answered.
import { Agent, request } from 'node:http';

/**
 * An SVG the upload checker accepts (one filter, nothing external) whose one dilation of radius 20 at the 1200-pixel
 * raster takes resvg about a minute: refused at the SVG limit, 2 s of a worker each time.
 */
export const COSTLY_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 100"><filter id="f"><feMorphology operator="dilate" radius="20"/></filter><rect x="10" y="10" width="180" height="80" filter="url(#f)"/></svg>';

/** A 200 mm square PDF of 400 QR codes of 800 characters: about a second of a worker's time, valid in every respect. */
export const SLOW_RENDER = {
  template: {
    formatVersion: 1,
    meta: { name: 'flood' },
    dimensions: { width: '200mm', height: '200mm' },
    elements: Array.from({ length: 400 }, (_, id) => ({
      id: `qr-${id}`,
      type: 'barcode',
      symbology: 'qrcode',
      position: { mode: 'absolute', x: `${(id % 20) * 10}mm`, y: `${Math.floor(id / 20) * 10}mm` },
      width: '9mm',
      height: '9mm',
      content: { text: `${id}-${'x'.repeat(800)}` },
    })),
  },
  data: {},
  format: 'pdf',
  delivery: 'inline',
};

export interface FloodOptions {
  /** The server's base URL (http://127.0.0.1:PORT). */
  url: string;
  key: string;
  /** Client addresses in 127.0.0.0/8 the flood connects from: each a client of its own to the server's limits. */
  addresses: readonly string[];
  /** Loops per address, each one request at a time. */
  loopsPerAddress: number;
}

export interface FloodResult {
  /** Answers by status and code (`400 SVG_TOO_COSTLY`, `200`, `503 SERVICE_BUSY`…), and `error` for a failed connection. */
  answers: Record<string, number>;
  requests: number;
}

export interface Flood {
  /** Stops every loop, abandoning its request in flight as a client that gives up does; what was answered until then. */
  stop(): Promise<FloodResult>;
}

/** The answer's status and its error code when it has one. */
function outcome(status: number, body: string): string {
  try {
    const code = (JSON.parse(body) as { code?: unknown }).code;
    return typeof code === 'string' ? `${status} ${code}` : String(status);
  } catch {
    return String(status);
  }
}

/**
 * Starts the flood: every loop alternates an upload of COSTLY_SVG under a name of its own and a POST /v1/render of
 * SLOW_RENDER. Nothing is awaited here; stop() ends it.
 */
export function startFlood({ url, key, addresses, loopsPerAddress }: FloodOptions): Flood {
  const { hostname, port } = new URL(url);
  const answers: Record<string, number> = {};
  let requests = 0;
  let stopping = false;
  const agents = addresses.map((localAddress) => new Agent({ keepAlive: true, localAddress }));
  const inFlight = new Set<ReturnType<typeof request>>();

  function send(agent: Agent, method: string, path: string, body: string): Promise<void> {
    return new Promise((resolve) => {
      const headers = {
        authorization: `Bearer ${key}`,
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
      };
      const sent = request({ hostname, port, method, path, agent, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          inFlight.delete(sent);
          const seen = outcome(response.statusCode ?? 0, Buffer.concat(chunks).toString('utf8'));
          answers[seen] = (answers[seen] ?? 0) + 1;
          resolve();
        });
        response.on('error', () => resolve());
      });
      inFlight.add(sent);
      requests++;
      sent.on('error', () => {
        inFlight.delete(sent);
        if (!stopping) answers.error = (answers.error ?? 0) + 1;
        resolve();
      });
      sent.end(body);
    });
  }

  async function loop(agent: Agent, name: string): Promise<void> {
    const upload = JSON.stringify({ name, data: Buffer.from(COSTLY_SVG).toString('base64') });
    const render = JSON.stringify(SLOW_RENDER);
    while (!stopping) {
      await send(agent, 'POST', '/v1/images', upload);
      if (!stopping) await send(agent, 'POST', '/v1/render', render);
    }
  }

  const loops = agents.flatMap((agent, at) =>
    Array.from({ length: loopsPerAddress }, (_, n) => loop(agent, `flood-${at}-${n}`)),
  );
  return {
    async stop() {
      stopping = true;
      for (const sent of inFlight) sent.destroy();
      await Promise.all(loops);
      for (const agent of agents) agent.destroy();
      return { answers, requests };
    },
  };
}
