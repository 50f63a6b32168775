// Minimal .npy (NumPy format 1.0) writer for uint8 and float32 C-order arrays.
import { writeFileSync } from 'node:fs';

export type NpyArray = { dtype: 'u1'; shape: number[]; data: Uint8Array } | { dtype: 'f4'; shape: number[]; data: Float32Array };

export function writeNpy(path: string, a: NpyArray): void {
  const descr = a.dtype === 'u1' ? '|u1' : '<f4';
  const shape = a.shape.length === 1 ? `(${a.shape[0]},)` : `(${a.shape.join(', ')})`;
  let header = `{'descr': '${descr}', 'fortran_order': False, 'shape': ${shape}, }`;
  const pad = 64 - ((10 + header.length + 1) % 64);
  header += ' '.repeat(pad % 64) + '\n';
  const pre = Buffer.alloc(10);
  pre.write('\x93NUMPY', 0, 'latin1');
  pre[6] = 1;
  pre[7] = 0;
  pre.writeUInt16LE(header.length, 8);
  const body = Buffer.from(a.data.buffer, a.data.byteOffset, a.data.byteLength);
  writeFileSync(path, Buffer.concat([pre, Buffer.from(header, 'latin1'), body]));
}
