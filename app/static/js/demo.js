// ?demo=1 : sample data and a local fake of the service, with NO network at
// all (for visual checks and screenshots only; never a test of the service).
// ?demo=local shows the assistant in local_only mode.

const delay = (ms) => new Promise((r) => setTimeout(r, ms));

function initialControls() {
  return {
    "climate.power": { cabin: { on: true } },
    "climate.set_temperature": {
      driver: { celsius: 21.5 }, passenger: { celsius: 22.0 }, rear_left: { celsius: 23.0 }, rear_right: { celsius: 22.0 },
    },
    "climate.set_fan_speed": { cabin: { level: 3 } },
    "climate.set_ac": { cabin: { on: false } },
    "climate.set_defrost": { front: { on: false }, rear: { on: true } },
    "climate.set_recirculation": { cabin: { on: true } },
    "seat.set_heating": { driver: { level: 2 }, passenger: { level: 0 }, rear_left: { level: 1 }, rear_right: { level: 0 } },
    "seat.set_ventilation": { driver: { level: 0 }, passenger: { level: 1 } },
    "seat.set_massage": { driver: { on: true }, passenger: { on: false } },
    "window.set_position": {
      driver: { open_percent: 0 }, passenger: { open_percent: 30 }, rear_left: { open_percent: 0 }, rear_right: { open_percent: 0 },
    },
    "sunroof.set_position": { cabin: { open_percent: 0 } },
    "sunshade.set_position": { cabin: { open_percent: 60 } },
    "ambient_light.set": { cabin: { color: "orange", brightness: 30 } },
    "reading_light.set": { driver: { on: false }, passenger: { on: false }, rear_left: { on: true }, rear_right: { on: false } },
    "mirror.fold": { cabin: { folded: false } },
    "tailgate.set": { cabin: { open: false } },
  };
}

const HISTORY = {
  turns: [
    {
      text: "Set the driver side to 21.5 degrees and turn on my seat heating",
      reply: {
        turn_id: "demo-t1", client_message_id: "demo-c1", language: "en", handled_by: "local", status: "applied",
        reply_text: "Driver temperature set to 21.5 °C and driver seat heating to level 2.",
        assistant_error: null,
        actions: [
          { capability: "climate.set_temperature", target: "driver", parameters: { celsius: 21.5 }, status: "applied",
            reason: null, message: "Driver temperature set to 21.5 °C.", source: "parser",
            members: [{ target: "driver", status: "applied", reason: null }] },
          { capability: "seat.set_heating", target: "driver", parameters: { level: 2 }, status: "applied",
            reason: null, message: "Driver seat heating set to level 2.", source: "parser",
            members: [{ target: "driver", status: "applied", reason: null }] },
        ],
      },
    },
    {
      text: "I'm a bit cold in the back, and how long is the drive to Munich?",
      reply: {
        turn_id: "demo-t2", client_message_id: "demo-c2", language: "en", handled_by: "codex", status: "partially_applied",
        reply_text: "I warmed the rear zones by one degree. The rear-left seat heater is on level 1; rear seat ventilation isn't fitted in this car. I can't look up routes from here — the navigation app can.",
        assistant_error: null,
        actions: [
          { capability: "climate.adjust_temperature", target: "rear", parameters: { delta_celsius: 1.0 }, status: "applied",
            reason: null, message: "Rear temperature raised by 1.0 °C.", source: "model",
            members: [{ target: "rear_left", status: "applied", reason: null }, { target: "rear_right", status: "applied", reason: null }] },
          { capability: "seat.set_heating", target: "rear_left", parameters: { level: 1 }, status: "applied",
            reason: null, message: "Rear left seat heating set to level 1.", source: "model",
            members: [{ target: "rear_left", status: "applied", reason: null }] },
          { capability: "seat.set_ventilation", target: "rear_left", parameters: { level: 0 }, status: "rejected",
            reason: "not_fitted", message: "Rear seat ventilation is not fitted in this vehicle.", source: "model",
            members: [{ target: "rear_left", status: "rejected", reason: "not_fitted" }] },
        ],
      },
    },
    {
      text: "打开后备箱，把副驾车窗打开百分之三十",
      reply: {
        turn_id: "demo-t3", client_message_id: "demo-c3", language: "zh", handled_by: "local", status: "partially_applied",
        reply_text: "副驾车窗已打开到百分之三十。车辆未挂P挡，尾门不能打开。",
        assistant_error: null,
        actions: [
          { capability: "tailgate.set", target: "cabin", parameters: { open: true }, status: "rejected",
            reason: "interlock_gear", message: "尾门只能在P挡且车速为0时打开。", source: "parser",
            members: [{ target: "cabin", status: "rejected", reason: "interlock_gear" }] },
          { capability: "window.set_position", target: "passenger", parameters: { open_percent: 30 }, status: "applied",
            reason: null, message: "副驾车窗已打开到30%。", source: "parser",
            members: [{ target: "passenger", status: "applied", reason: null }] },
        ],
      },
    },
    {
      text: "Start camping mode and fold the mirrors",
      reply: {
        turn_id: "demo-t4", client_message_id: "demo-c4", language: "en", handled_by: "local", status: "partially_applied",
        reply_text: "Camping mode is on. The mirrors did not confirm the fold in time.",
        assistant_error: null,
        actions: [
          { capability: "mode.activate", target: "camping", parameters: {}, status: "applied", reason: null,
            message: "Camping mode activated.", source: "parser",
            members: [
              { capability: "climate.power", target: "cabin", status: "applied", reason: null },
              { capability: "climate.set_temperature", target: "all", status: "applied", reason: null },
              { capability: "climate.set_fan_speed", target: "cabin", status: "applied", reason: null },
              { capability: "ambient_light.set", target: "cabin", status: "applied", reason: null },
            ] },
          { capability: "mirror.fold", target: "cabin", parameters: { folded: true }, status: "unconfirmed",
            reason: "no_confirmation", message: "Mirrors: the ECU did not confirm within 300 ms.", source: "parser",
            members: [{ target: "cabin", status: "unconfirmed", reason: "no_confirmation" }] },
        ],
      },
    },
  ],
};

const LABELS = {
  "climate.power": "Climate", "climate.set_temperature": "Temperature", "climate.set_fan_speed": "Fan speed",
  "climate.set_ac": "A/C", "climate.set_defrost": "Defrost", "climate.set_recirculation": "Recirculation",
  "seat.set_heating": "Seat heating", "seat.set_ventilation": "Seat ventilation", "seat.set_massage": "Seat massage",
  "window.set_position": "Window", "sunroof.set_position": "Sunroof", "sunshade.set_position": "Sunshade",
  "ambient_light.set": "Ambient light", "reading_light.set": "Reading light", "mirror.fold": "Mirrors",
  "tailgate.set": "Tailgate", "mode.activate": "Mode", "peripheral.trigger": "Button",
};

export function createDemoApi(variant = "1") {
  const controls = initialControls();
  const vehicle = { speed_kph: 0, gear: "P", updated_at: new Date().toISOString(), stale: false };
  const localOnly = variant === "local";
  const status = {
    assistant: localOnly
      ? { mode: "local_only", reason: "binary_missing", codex_version: null }
      : { mode: "codex", reason: null, codex_version: "0.147.0" },
    can: { interface: "virtual", channel: "n7web-demo", state: "up", simulator: "in_process" },
    execution_mode: "simulation",
    catalog_generation: "demo",
  };
  let handlers = null;
  const emit = (name, data) => handlers?.[name]?.(structuredClone(data));

  function result(capability, target, parameters, status_, reason, message) {
    return { capability, target, parameters, status: status_, reason, message, source: "console",
      members: [{ target, status: status_, reason }] };
  }

  function gate(capability, target, parameters) {
    if (capability === "tailgate.set" && parameters.open) {
      if (vehicle.gear !== "P") return ["interlock_gear", "The tailgate opens only in P."];
      if (vehicle.speed_kph > 0) return ["interlock_speed", "The tailgate opens only at 0 km/h."];
    }
    if (capability === "sunroof.set_position" && vehicle.speed_kph > 120 &&
        parameters.open_percent > (controls[capability].cabin?.open_percent ?? 0)) {
      return ["interlock_speed", "The sunroof can't open further above 120 km/h."];
    }
    if (controls[capability] && !(target in controls[capability]) && target !== "all") {
      return ["not_fitted", `${LABELS[capability]} is not fitted for ${target.replace("_", " ")}.`];
    }
    if (capability === "peripheral.trigger" && target === "rear_fridge") {
      return ["inactive_peripheral", "The rear fridge button is learned but inactive."];
    }
    return null;
  }

  return {
    demo: true,
    async getStatus() { await delay(20); return structuredClone(status); },
    async getCatalog() { await delay(20); return {}; },
    async createSession() { return { session_id: "demo-session" }; },
    async getHistory() { await delay(20); return structuredClone(HISTORY); },
    async interrupt() { return { interrupted: true }; },
    async postAction({ capability, target, parameters }) {
      await delay(180);
      const refused = gate(capability, target, parameters);
      if (refused) return result(capability, target, parameters, "rejected", refused[0], refused[1]);
      if (capability === "mode.activate" || capability === "peripheral.trigger") {
        return result(capability, target, parameters, "applied", null, `${target.replace(/_/g, " ")}: done (demo).`);
      }
      const members = target === "all" ? Object.keys(controls[capability]) : [target];
      for (const m of members) {
        controls[capability][m] = { ...(controls[capability][m] || {}), ...parameters };
        emit("state.changed", { capability, target: m, parameters: controls[capability][m] });
      }
      return result(capability, target, parameters, "applied", null, `${LABELS[capability]} updated (demo).`);
    },
    async putSimVehicle({ speed_kph, gear }) {
      await delay(120);
      Object.assign(vehicle, { speed_kph, gear, updated_at: new Date().toISOString(), stale: false });
      emit("vehicle.changed", { speed_kph, gear });
      return structuredClone(vehicle);
    },
    async sendMessage(sessionId, message, onEvent) {
      const turnId = `demo-${Date.now()}`;
      onEvent("turn.started", { session_id: sessionId, turn_id: turnId });
      const text = "Demo mode: no service is connected, so nothing is sent to the car. The cabin panel works against a local simulation.";
      for (const piece of text.match(/.{1,18}(\s|$)/g)) {
        await delay(60);
        onEvent("assistant.delta", { text: piece });
      }
      onEvent("turn.completed", {
        session_id: sessionId, turn_id: turnId, client_message_id: message.client_message_id, language: "en",
        handled_by: localOnly ? "local" : "codex", status: "no_action", reply_text: text, actions: [],
        assistant_error: localOnly ? { code: "binary_missing", message: "codex is not installed" } : null,
      });
    },
    openEvents(h) {
      handlers = h;
      setTimeout(() => {
        h.connection?.("open");
        h["state.snapshot"]?.({ vehicle: structuredClone(vehicle), controls: structuredClone(controls) });
      }, 30);
      return { close() { handlers = null; } };
    },
  };
}
