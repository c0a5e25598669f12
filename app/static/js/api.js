// The service's public HTTP contracts (DESIGN section 6), same origin.
// Every error answer is {"error": {"code", "message"}}; it becomes an ApiError.
import { readEventStream } from "./sse.js";
import { t } from "./i18n.js";

export class ApiError extends Error {
  constructor(status, code, message) {
    super(message || code || `HTTP ${status}`);
    this.status = status;
    this.code = code || (status ? `http_${status}` : "network_error");
  }
}

const EVENT_NAMES = ["state.snapshot", "state.changed", "vehicle.changed", "status.changed",
  "job.scheduled", "job.fired", "job.cancelled", "job.missed"];

async function errorFrom(res) {
  let code = null;
  let message = null;
  try {
    const body = await res.json();
    if (body && typeof body.error === "object" && body.error) {
      code = body.error.code ?? null;
      message = body.error.message ?? null;
    }
  } catch { /* not JSON */ }
  return new ApiError(res.status, code, message || t("error.http", { status: res.status }));
}

async function call(method, path, { body, accept = "application/json", signal } = {}) {
  const headers = { Accept: accept };
  const init = { method, headers, signal, cache: "no-store", credentials: "same-origin" };
  if (body !== undefined) {
    headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  let res;
  try {
    res = await fetch(path, init);
  } catch (err) {
    if (err?.name === "AbortError") throw err;
    throw new ApiError(0, "network_error", t("error.network"));
  }
  if (!res.ok) throw await errorFrom(res);
  return res;
}

async function callJson(method, path, options) {
  const res = await call(method, path, options);
  try {
    return await res.json();
  } catch {
    throw new ApiError(res.status, "bad_response", t("error.bad_response"));
  }
}

export function createHttpApi() {
  return {
    demo: false,
    getStatus: () => callJson("GET", "/api/v1/status"),
    getCatalog: () => callJson("GET", "/api/v1/catalog"),
    createSession: () => callJson("POST", "/api/v1/sessions", { body: {} }),
    getHistory: (sessionId, limit = 50) =>
      callJson("GET", `/api/v1/sessions/${encodeURIComponent(sessionId)}/messages?limit=${limit}`),
    interrupt: (sessionId) =>
      callJson("POST", `/api/v1/sessions/${encodeURIComponent(sessionId)}/interrupt`, { body: {} }),
    /** A liveness probe: true when /healthz answers within `timeoutMs`. */
    async ping(timeoutMs = 1500) {
      const ctl = new AbortController();
      const timer = setTimeout(() => ctl.abort(), timeoutMs);
      try {
        const res = await fetch("/healthz", { cache: "no-store", signal: ctl.signal });
        return res.ok;
      } catch {
        return false;
      } finally {
        clearTimeout(timer);
      }
    },
    postAction: (action) => callJson("POST", "/api/v1/actions", { body: action }),
    putSimVehicle: (vehicle) => callJson("PUT", "/api/v1/sim/vehicle", { body: vehicle }),
    getJobs: () => callJson("GET", "/api/v1/jobs"),
    cancelJob: (id) => callJson("DELETE", `/api/v1/jobs/${encodeURIComponent(id)}`),

    /**
     * One turn. `onEvent(name, data)` gets turn.started, assistant.delta,
     * action.result, turn.completed or error as they arrive. A JSON answer
     * (no stream) is handed over as turn.completed.
     */
    async sendMessage(sessionId, message, onEvent, { signal } = {}) {
      const res = await call("POST", `/api/v1/sessions/${encodeURIComponent(sessionId)}/messages`, {
        body: message,
        accept: "text/event-stream",
        signal,
      });
      const type = res.headers.get("content-type") || "";
      if (type.includes("text/event-stream") && res.body) {
        await readEventStream(res.body, onEvent);
      } else {
        onEvent("turn.completed", await res.json());
      }
    },

    /**
     * The live event stream. EventSource reconnects by itself after a dropped
     * connection; after a refused one (HTTP error) it gives up, so we retry with
     * a capped back-off. The service sends a fresh state.snapshot on each connect.
     */
    openEvents(handlers) {
      let source = null;
      let timer = null;
      let delay = 1000;
      let closed = false;
      const connect = () => {
        source = new EventSource("/api/v1/events");
        handlers.connection?.("connecting");
        source.onopen = () => {
          delay = 1000;
          handlers.connection?.("open");
        };
        source.onerror = () => {
          if (closed) return;
          if (source.readyState === EventSource.CLOSED) {
            handlers.connection?.("closed");
            clearTimeout(timer);
            timer = setTimeout(connect, delay);
            delay = Math.min(delay * 2, 15000);
          } else {
            handlers.connection?.("connecting");
          }
        };
        for (const name of EVENT_NAMES) {
          source.addEventListener(name, (ev) => {
            let data;
            try { data = JSON.parse(ev.data); } catch { return; }
            handlers[name]?.(data);
          });
        }
      };
      connect();
      return {
        close() {
          closed = true;
          clearTimeout(timer);
          source?.close();
        },
      };
    },
  };
}
