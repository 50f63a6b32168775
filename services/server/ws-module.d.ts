// The subset of the `ws` package's API this project uses (its client, in tests and scripts;
// @types/ws is not a dependency).
declare module 'ws' {
  import { EventEmitter } from 'node:events';

  class WebSocket extends EventEmitter {
    static readonly OPEN: 1;
    constructor(address: string, options?: { perMessageDeflate?: boolean; handshakeTimeout?: number; headers?: Record<string, string> });
    readonly readyState: number;
    readonly bufferedAmount: number;
    send(data: string | Buffer, cb?: (err?: Error) => void): void;
    close(code?: number, reason?: string): void;
    terminate(): void;
    on(event: 'message', listener: (data: Buffer, isBinary: boolean) => void): this;
    on(event: 'open' | 'close', listener: () => void): this;
    on(event: 'error', listener: (err: Error) => void): this;
    once(event: 'open' | 'close', listener: () => void): this;
    once(event: 'error', listener: (err: Error) => void): this;
  }
  export default WebSocket;
  export { WebSocket };
}
