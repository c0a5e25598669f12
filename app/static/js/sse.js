// Server-Sent Events parsing for a fetch() response body (EventSource cannot
// POST). Follows the WHATWG event-stream rules: lines end in CRLF, LF or CR;
// `event:` names the event (default "message"), `data:` lines join with "\n",
// a blank line dispatches, lines starting with ":" are comments (keep-alives).

export class SSEParser {
  /** @param {(event: {event: string, data: string, id: string|null}) => void} onEvent */
  constructor(onEvent) {
    this.onEvent = onEvent;
    this.buffer = "";
    this.pendingCR = false;
    this.reset();
  }

  reset() {
    this.eventName = "";
    this.dataLines = [];
    this.id = null;
  }

  /** Feed decoded text; complete lines are processed, the tail is kept. */
  feed(text) {
    let chunk = text;
    if (this.pendingCR && chunk.startsWith("\n")) chunk = chunk.slice(1);
    this.pendingCR = false;
    this.buffer += chunk;
    let start = 0;
    for (let i = 0; i < this.buffer.length; i++) {
      const c = this.buffer[i];
      if (c !== "\n" && c !== "\r") continue;
      this.line(this.buffer.slice(start, i));
      if (c === "\r") {
        if (i + 1 < this.buffer.length) {
          if (this.buffer[i + 1] === "\n") i++;
        } else {
          this.pendingCR = true;
        }
      }
      start = i + 1;
    }
    this.buffer = this.buffer.slice(start);
  }

  line(line) {
    if (line === "") {
      if (this.dataLines.length) {
        this.onEvent({ event: this.eventName || "message", data: this.dataLines.join("\n"), id: this.id });
      }
      this.reset();
      return;
    }
    if (line.startsWith(":")) return;
    const colon = line.indexOf(":");
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? "" : line.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (field === "event") this.eventName = value;
    else if (field === "data") this.dataLines.push(value);
    else if (field === "id") this.id = value;
  }
}

/**
 * Read a ReadableStream of bytes as SSE until it ends. Each event's data is
 * parsed as JSON when it is JSON. Resolves when the stream ends.
 */
export async function readEventStream(body, onEvent) {
  const reader = body.getReader();
  const decoder = new TextDecoder("utf-8");
  const parser = new SSEParser((ev) => {
    let data = ev.data;
    try { data = JSON.parse(ev.data); } catch { /* plain text data */ }
    onEvent(ev.event, data);
  });
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      parser.feed(decoder.decode(value, { stream: true }));
    }
    parser.feed(decoder.decode());
    // An event not ended by a blank line is discarded (WHATWG rule).
  } finally {
    reader.releaseLock();
  }
}
