// Memory outside the JavaScript heap (a Buffer's bytes) is given back only when a garbage
// collection finds the Buffer dead, which can take long on a server with little to collect. Bytes
// that one piece of code alone owns can be freed at once instead, by detaching their ArrayBuffer:
// used for uploaded photos once handled (app/images/upload-form.server.ts).

/**
 * The pieces joined in one Buffer that owns its whole ArrayBuffer, so that freeNow can free it.
 * (Buffer.concat takes small results from Node's shared pool, which must never be detached.)
 */
export function ownedConcat(pieces: readonly Uint8Array[], size = pieces.reduce((sum, piece) => sum + piece.length, 0)): Buffer {
  const joined = Buffer.allocUnsafeSlow(size);
  let at = 0;
  for (const piece of pieces) {
    joined.set(piece, at);
    at += piece.length;
  }
  return joined;
}

/** The Buffer is its ArrayBuffer's only view, never a slice of Node's shared pool (Buffer.allocUnsafeSlow). */
export function ownsWholeBuffer(body: Uint8Array): boolean {
  const buffer = body.buffer;
  return buffer instanceof ArrayBuffer && body.byteOffset === 0 && body.byteLength === buffer.byteLength;
}

/** Frees the bytes now when the Buffer owns its whole ArrayBuffer (it then reads as empty); otherwise does nothing. */
export function freeNow(body: Uint8Array): void {
  if (!ownsWholeBuffer(body)) return;
  const buffer = body.buffer as ArrayBuffer;
  if (!buffer.detached) buffer.transfer(0);
}
