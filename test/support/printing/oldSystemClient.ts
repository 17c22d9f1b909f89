// Test support: an "old system" (a WMS) that prints ZPL to a printer's TCP port and reads the printer's ~HS and ~HI answers back.
import { connect, type Socket } from 'node:net';
import { hostStatusFrames } from '@main/printing/hostStatus';

/** A carrier-style 4x6 label at 203 dpi (boxes, texts, a Code 128 tracking barcode, a routing code), its tracking number in it. */
export function carrierLabel(tracking: string): string {
  return [
    '^XA^PW812^LL1218^LH0,0',
    '^FO20,20^GB772,1178,3^FS',
    '^FO40,40^A0N,40,40^FDSHIP TO:^FS',
    '^FO40,90^A0N,32,32^FDACME WAREHOUSE 7^FS',
    '^FO40,130^A0N,32,32^FD1 DOCK ROAD, SPRINGFIELD^FS',
    '^FO20,400^GB772,0,3^FS',
    `^FO60,430^BY3^BCN,200,Y,N,N,A^FD${tracking}^FS`,
    `^FO40,720^A0N,60,60^FDTRK ${tracking}^FS`,
    '^XZ\r\n',
  ].join('\r\n');
}

export interface OldSystem {
  /** Writes the text's bytes (one a character). */
  send(text: string): void;
  /** Sends ~HS and resolves with the three STX…ETX strings of the answer. */
  hostStatus(): Promise<string[]>;
  /** Sends ~HI and resolves with its one STX…ETX string. */
  hostIdentification(): Promise<string>;
  /** Ends its side and resolves when the printer closed the connection. */
  end(): Promise<void>;
  /** Resolves when the connection closed, whoever closed it. */
  readonly closed: Promise<void>;
}

export function connectOldSystem(port: number, host = '127.0.0.1'): Promise<OldSystem> {
  return new Promise((resolve, reject) => {
    const socket: Socket = connect({ host, port });
    let received = Buffer.alloc(0);
    let taken = 0;
    let waiter: { frames: number; resolve: (frames: string[]) => void } | undefined;
    const closed = new Promise<void>((done) => socket.once('close', () => done()));
    const check = () => {
      if (waiter === undefined) return;
      const frames = hostStatusFrames(received.subarray(taken));
      if (frames.length < waiter.frames) return;
      // The bytes of the answer are consumed: the next query reads only its own.
      taken = received.length;
      const { resolve: answer } = waiter;
      waiter = undefined;
      answer(frames.slice(0, frames.length));
    };
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      check();
    });
    const ask = (query: string, frames: number) =>
      new Promise<string[]>((answer) => {
        waiter = { frames, resolve: answer };
        socket.write(query);
        check();
      });
    socket.once('error', reject);
    socket.once('connect', () => {
      socket.on('error', () => undefined);
      resolve({
        send: (text) => void socket.write(Buffer.from(text, 'latin1')),
        hostStatus: () => ask('~HS', 3),
        hostIdentification: async () => (await ask('~HI', 1))[0] ?? '',
        end: () => {
          socket.end();
          return closed;
        },
        closed,
      });
    });
  });
}

/** Connects until the port takes connections (a server picking up a new virtual printer), at most `timeoutMs`. */
export async function waitForPort(port: number, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const open = await new Promise<boolean>((answer) => {
      const socket = connect({ host: '127.0.0.1', port });
      socket.once('connect', () => {
        socket.destroy();
        answer(true);
      });
      socket.once('error', () => answer(false));
    });
    if (open) return;
    if (Date.now() > until) throw new Error(`nothing listens on 127.0.0.1:${port} after ${timeoutMs} ms`);
    await new Promise((resume) => setTimeout(resume, 50));
  }
}
