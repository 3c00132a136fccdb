// Server-sent events as the AI endpoints write them and the screens read them (client-safe). The
// screens POST their request, so they cannot use EventSource: they read the body with fetch and
// hand its text to SseParser chunk by chunk.

/** One event as written on the wire: `event: name`, `data: JSON`, a blank line. */
export function sseEvent(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** A comment line: keeps idle connections open through proxies, ignored by readers. */
export const SSE_HEARTBEAT = ": ping\n\n";

export interface SseMessage {
  event: string;
  data: string;
}

/**
 * Splits a stream's text into events. Chunks may end anywhere (inside a line, between \r and \n):
 * what is not yet a whole event waits for the next chunk.
 */
export class SseParser {
  private buffer = "";

  push(chunk: string): SseMessage[] {
    this.buffer += chunk;
    const messages: SseMessage[] = [];
    for (;;) {
      const match = /\r\n\r\n|\n\n|\r\r/.exec(this.buffer);
      if (!match) break;
      const block = this.buffer.slice(0, match.index);
      this.buffer = this.buffer.slice(match.index + match[0].length);
      let event = "message";
      const data: string[] = [];
      for (const line of block.split(/\r\n|\n|\r/)) {
        if (line === "" || line.startsWith(":")) continue;
        const colon = line.indexOf(":");
        const field = colon === -1 ? line : line.slice(0, colon);
        let value = colon === -1 ? "" : line.slice(colon + 1);
        if (value.startsWith(" ")) value = value.slice(1);
        if (field === "event") event = value;
        else if (field === "data") data.push(value);
      }
      if (data.length > 0) messages.push({ event, data: data.join("\n") });
    }
    return messages;
  }
}
