// The page's state: what the service last told us. The cabin panel renders
// from `controls`/`vehicle` (fed only by /api/v1/events), the badges from
// `status` (GET /api/v1/status once, then status.changed).

export function createStore() {
  const state = {
    status: null, // the status body, or null before the first answer
    statusError: null, // text when /api/v1/status could not be read
    vehicle: { speed_kph: null, gear: null, child_lock: undefined, updated_at: null, stale: true },
    controls: null, // capability -> target -> parameters|null; null before the snapshot
    events: "connecting", // connecting | open | closed
    everOpen: false, // the event stream was open once (then a drop means "offline")
    reachable: true, // the last liveness probe was answered (a hung service keeps its stream open)
    catalog: null, // the catalog view, once loaded
  };
  const listeners = new Set();
  let scheduled = false;

  function notify() {
    if (scheduled) return;
    scheduled = true;
    queueMicrotask(() => {
      scheduled = false;
      for (const fn of listeners) fn(state);
    });
  }

  return {
    state,
    subscribe(fn) {
      listeners.add(fn);
      fn(state);
      return () => listeners.delete(fn);
    },
    setStatus(status) {
      if (status && typeof status === "object") {
        state.status = status;
        state.statusError = null;
        notify();
      }
    },
    setStatusError(message) {
      state.statusError = message;
      notify();
    },
    setReachable(value) {
      if (state.reachable === value) return;
      state.reachable = value;
      notify();
    },
    setConnection(value) {
      state.events = value;
      if (value === "open") state.everOpen = true;
      notify();
    },
    setCatalog(view) {
      state.catalog = view;
      notify();
    },
    /** state.snapshot: the body of GET /api/v1/vehicle/state. */
    applySnapshot(body) {
      if (!body || typeof body !== "object") return;
      const v = body.vehicle || {};
      state.vehicle = {
        speed_kph: v.speed_kph ?? null,
        gear: v.gear ?? null,
        child_lock: v.child_lock,
        updated_at: v.updated_at ?? null,
        stale: v.stale ?? (v.speed_kph === null || v.speed_kph === undefined),
      };
      const controls = {};
      for (const [cap, targets] of Object.entries(body.controls || {})) {
        controls[cap] = targets && typeof targets === "object" ? { ...targets } : {};
      }
      state.controls = controls;
      notify();
    },
    /** state.changed {capability, target, parameters}. */
    applyChange(change) {
      if (!change || typeof change.capability !== "string" || typeof change.target !== "string") return;
      if (!state.controls) state.controls = {};
      const targets = (state.controls[change.capability] ||= {});
      const params = change.parameters;
      targets[change.target] =
        params && typeof params === "object" ? { ...(targets[change.target] || {}), ...params } : null;
      notify();
    },
    /** vehicle.changed {speed_kph, gear, child_lock, stale}: also sent the moment the state goes stale or live again. */
    applyVehicle(v) {
      if (!v || typeof v !== "object") return;
      state.vehicle = {
        ...state.vehicle,
        speed_kph: v.speed_kph ?? state.vehicle.speed_kph,
        gear: v.gear ?? state.vehicle.gear,
        child_lock: v.child_lock ?? state.vehicle.child_lock,
        updated_at: v.updated_at ?? state.vehicle.updated_at,
        stale: v.stale ?? false,
      };
      notify();
    },
    notify,
  };
}

/** The confirmed parameters of one physical target, `undefined` when not fitted. */
export function controlParams(state, capability, target) {
  if (!state.controls) return null; // before the snapshot: unknown, assume fitted
  const targets = state.controls[capability];
  if (!targets) return null;
  if (!(target in targets)) return undefined;
  return targets[target];
}

/**
 * live | stale | offline | connecting: may the panel's values be shown as live?
 * offline: the service or its event stream is gone; stale: the vehicle state is old.
 */
export function liveness(state) {
  if (!state.reachable) return "offline";
  if (state.events !== "open") {
    return state.everOpen || state.statusError ? "offline" : "connecting";
  }
  if (!state.controls) return "connecting";
  if (state.vehicle.stale) return "stale";
  return "live";
}
