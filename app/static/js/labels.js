// Human labels for the panel and the chips. The catalog (GET /api/v1/catalog)
// may override capability, target, mode and peripheral labels; these are the
// fall-backs so the page works before (or without) it.

export const TARGET_LABELS = {
  driver: "Driver",
  passenger: "Passenger",
  rear_left: "Rear left",
  rear_right: "Rear right",
  rear: "Rear",
  all: "All",
  front: "Windshield",
  cabin: "Cabin",
};

export const CAPABILITY_LABELS = {
  "climate.power": "Climate",
  "climate.set_temperature": "Temperature",
  "climate.adjust_temperature": "Temperature",
  "climate.set_fan_speed": "Fan",
  "climate.set_ac": "A/C",
  "climate.set_defrost": "Defrost",
  "climate.set_recirculation": "Recirculation",
  "seat.set_heating": "Seat heating",
  "seat.set_ventilation": "Seat ventilation",
  "seat.set_massage": "Massage",
  "window.set_position": "Window",
  "sunroof.set_position": "Sunroof",
  "sunshade.set_position": "Sunshade",
  "ambient_light.set": "Ambient light",
  "reading_light.set": "Reading light",
  "mirror.fold": "Mirrors",
  "tailgate.set": "Tailgate",
  "mode.activate": "Mode",
  "peripheral.trigger": "Button",
};

export const DEFAULT_MODES = [
  { id: "nap", label: "Nap" },
  { id: "car_wash", label: "Car wash" },
  { id: "pet", label: "Pet" },
  { id: "camping", label: "Camping" },
];

export const DEFAULT_PERIPHERALS = [
  { id: "garage_door", label: "Garage door", active: true },
  { id: "fragrance_diffuser", label: "Fragrance", active: true },
  { id: "rear_fridge", label: "Rear fridge", active: false },
];

export const AMBIENT_COLORS = {
  red: "#ff4d4d",
  orange: "#ff9a3c",
  yellow: "#ffd84a",
  green: "#4cd97b",
  cyan: "#3fe0e6",
  blue: "#4d8dff",
  purple: "#b36bff",
  white: "#f2f4f8",
};

export const STATUS_TEXT = {
  applied: "Applied",
  unconfirmed: "Unconfirmed",
  rejected: "Refused",
  failed: "Failed",
  already_applied: "Already set",
  dry_run: "Dry run",
  partially_applied: "Partly applied",
  no_action: "No action",
};

export const REASON_TEXT = {
  binary_missing: "codex not installed",
  wrong_version: "wrong codex version",
  not_logged_in: "not logged in",
  disabled: "disabled",
  crashed: "crashed",
  starting: "starting",
};

const catalogLabels = { capabilities: {}, targets: {} };

function pickLabel(label, language = "en") {
  if (!label) return null;
  if (typeof label === "string") return label;
  if (typeof label === "object") return label[language] || label.en || Object.values(label)[0] || null;
  return null;
}

function capitalize(text) {
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : text;
}

function entries(collection) {
  // The catalog view may list items as {id: {...}} or [{id, ...}].
  if (Array.isArray(collection)) return collection.filter((x) => x && x.id).map((x) => [x.id, x]);
  if (collection && typeof collection === "object") return Object.entries(collection);
  return [];
}

/** Read what we can use from the public catalog view; unknown shapes are ignored. */
export function readCatalog(catalog) {
  const out = { modes: null, peripherals: null };
  if (!catalog || typeof catalog !== "object") return out;
  for (const [id, cap] of entries(catalog.capabilities)) {
    const label = pickLabel(cap?.label);
    if (label) catalogLabels.capabilities[id] = capitalize(label);
  }
  for (const [id, target] of entries(catalog.targets)) {
    // {id: {label: {en, zh}}} or {id: {en, zh}}
    const label = pickLabel(target?.label ?? target);
    if (label) catalogLabels.targets[id] = capitalize(label);
  }
  const modes = entries(catalog.modes).map(([id, m]) => ({
    id,
    label: capitalize((pickLabel(m?.label) || id.replace(/_/g, " ")).replace(/ mode$/i, "")),
  }));
  if (modes.length) out.modes = modes;
  const peripherals = entries(catalog.peripherals).map(([id, p]) => ({
    id,
    label: capitalize(pickLabel(p?.label) || id.replace(/_/g, " ")),
    active: p?.active !== false,
  }));
  if (peripherals.length) out.peripherals = peripherals;
  return out;
}

export function capabilityLabel(capability) {
  return catalogLabels.capabilities[capability] || CAPABILITY_LABELS[capability] || capability;
}

export function targetLabel(target) {
  if (target === null || target === undefined) return "";
  return catalogLabels.targets[target] || TARGET_LABELS[target] || String(target).replace(/_/g, " ");
}
