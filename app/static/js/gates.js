// Would the interlocks refuse this tap right now? The same rules the backend
// checks (catalog gates.yaml interlocks and each mode's `requires`), read
// from the catalog view, so a control looks unavailable BEFORE it is tapped
// and can say why on a tap. The backend still decides: this only spares a
// round trip and tells the driver the reason at a glance.
import { interlocks, modes, controlLabel } from "./catalog.js";
import { t } from "./i18n.js";

/** The car moves: speed above 0 or a gear other than P (only when known). */
export function moving(vehicle) {
  const speed = typeof vehicle?.speed_kph === "number" ? vehicle.speed_kph : null;
  const gear = vehicle?.gear || null;
  return (speed !== null && speed > 0) || (gear !== null && gear !== "P");
}

function requirementBlock(req, vehicle) {
  if (!req || (req.gear == null && req.speed_kph_max == null)) return null;
  const speed = typeof vehicle?.speed_kph === "number" ? vehicle.speed_kph : null;
  const gear = vehicle?.gear || null;
  if (vehicle?.stale || speed === null || gear === null) return { code: "unknown" };
  if (req.speed_kph_max != null && speed > req.speed_kph_max) {
    return req.speed_kph_max === 0 ? { code: "stop" } : { code: "speed", limit: req.speed_kph_max };
  }
  if (req.gear != null && gear !== req.gear) return { code: "gear", gear: req.gear };
  return null;
}

function triggers(when, params, current) {
  if (!when || !params || !(when.parameter in params)) return false;
  const value = params[when.parameter];
  if (when.equals !== undefined && when.equals !== null) return value === when.equals;
  if (when.increase) {
    const now = current && typeof current[when.parameter] === "number" ? current[when.parameter] : null;
    return now === null || value > now;
  }
  return false;
}

/**
 * Why a tap of `capability`/`target` with `params` would be refused now, or null.
 * `live` is false while the service is unreachable (nothing can be sent then) or
 * the vehicle state is stale (`stale`: the ECU is silent, so no tap could be
 * confirmed, and a −/+ would step from a last-known value).
 * Returns {code, short, long}: the short words go on the control, the long on a tap.
 */
export function blocked({ capability, target, params, current, vehicle, live, stale = false }) {
  const control = controlLabel(capability, target);
  let hit = null;
  if (!live) hit = { code: stale ? "stale" : "offline" };
  else if (capability === "mode.activate") {
    hit = requirementBlock(modes().find((m) => m.id === target)?.requires, vehicle);
  } else {
    for (const il of interlocks()) {
      if (il.capability !== capability || !triggers(il.when, params, current)) continue;
      hit = requirementBlock(il.requires, vehicle);
      if (hit) break;
    }
  }
  if (!hit) return null;
  const vars = { control, gear: hit.gear ?? "", limit: hit.limit ?? "" };
  return { code: hit.code, short: t(`gate.short.${hit.code}`, vars), long: t(`gate.${hit.code}`, vars) };
}
