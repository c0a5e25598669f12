// The live cabin panel: tabs of large controls, built from the catalog view
// (which capabilities, members, ranges, modes and peripherals exist) and
// painted from the event stream only. A tab groups capabilities by what they
// act on: climate, seats (seat targets), windows and roof (open_percent),
// modes and learned buttons, and lights and body for the rest.
import { h } from "./dom.js";
import { capability, capabilityLabel, catalog, members, modes, peripherals, targetLabel } from "./catalog.js";
import { bindText, onWords, pick, t } from "./i18n.js";
import { liveness } from "./store.js";
import { createControls } from "./controls.js";
import { createSim } from "./sim.js";
import { jobsPage } from "./jobs.js";

const TABS = ["climate", "seats", "openings", "lights", "modes", "timers", "sim"];

function tabOf(id, cap) {
  if (cap.target_type === "mode" || cap.target_type === "peripheral") return "modes";
  if (cap.target_type === "seat") return "seats";
  if (id.startsWith("climate.")) return "climate";
  if ("open_percent" in cap.parameters) return "openings";
  return "lights";
}

/** Panel controls exist for capabilities that hold state (a set_* twin, never adjust_*). */
function stateCapabilities() {
  return Object.entries(catalog()?.capabilities ?? {}).filter(([, c]) => c.holds_state !== false && !c.control);
}

function kind(cap) {
  const params = Object.entries(cap.parameters);
  if (params.length === 1 && params[0][1].type === "bool") return ["toggle", params[0][0]];
  if (params.length === 1) return ["stepper", params[0][0]];
  return ["mixed", null];
}

export function createPanel(root, { store, api }) {
  let selected = "climate";
  let built = null; // the catalog generation the controls were built for
  let controls = null;
  const sim = createSim({ store, api });
  const tabButtons = new Map();
  const pages = new Map();

  const tabBar = h("nav.tabs", { role: "tablist" });
  const banner = h("div.live-banner", { dataset: { testid: "live-banner" }, role: "status", hidden: true });
  const body = h("div.tab-pages");
  root.replaceChildren(tabBar, h("div.panel-body", {}, body, banner));

  for (const id of TABS) {
    const b = h("button.tab", { type: "button", role: "tab", dataset: { testid: `tab-${id}`, tab: id } });
    bindText(b, () => t(`tab.${id}`));
    b.addEventListener("click", () => select(id));
    tabButtons.set(id, b);
    tabBar.append(b);
  }

  function select(id) {
    selected = id;
    for (const [tid, b] of tabButtons) b.setAttribute("aria-selected", String(tid === id));
    for (const [pid, p] of pages) p.hidden = pid !== id;
  }

  function page(id, className, ...children) {
    const p = h(`section.tab-page.page-${className}`, { role: "tabpanel", dataset: { testid: `page-${id}` } }, ...children);
    pages.set(id, p);
    return p;
  }

  function heading(key) {
    return bindText(h("h3.group-title"), () => t(key));
  }

  function build() {
    const c = createControls({ store, api });
    const by = { climate: [], seats: [], openings: [], lights: [] };
    for (const [id, cap] of stateCapabilities()) {
      const tab = tabOf(id, cap);
      if (by[tab]) by[tab].push([id, cap]);
    }

    // climate: switches, then zone set-points, then cabin levels
    const switches = [];
    const zones = [];
    const levels = [];
    for (const [id, cap] of by.climate) {
      const [k, param] = kind(cap);
      for (const m of members(id)) {
        if (k === "toggle") switches.push(c.toggle(id, m, param));
        else if (cap.target_type === "cabin") levels.push(c.stepper(id, m, param));
        else zones.push(c.stepper(id, m, param, { title: () => targetLabel(m) }));
      }
    }
    const climate = page("climate", "climate", h("div.switches", {}, ...switches), h("div.zones", {}, ...zones),
      h("div.levels", {}, ...levels));

    // seats: one row per seat, one column per capability
    const seatCaps = by.seats;
    const seatMembers = seatCaps.length ? members(seatCaps[0][0]) : [];
    const head = h("div.seat-row.seat-head", {}, h("span"),
      ...seatCaps.map(([id]) => bindText(h("span.col-title"), () => capabilityLabel(id))));
    const rows = seatMembers.map((m) => h("div.seat-row", {},
      bindText(h("span.row-title"), () => targetLabel(m)),
      ...seatCaps.map(([id, cap]) => {
        const [k, param] = kind(cap);
        return k === "toggle" ? c.toggle(id, m, param, { title: "" }) : c.stepper(id, m, param, { title: "", compact: true });
      })));
    const seats = page("seats", "seats", h("div.seat-grid", { style: `--cols:${seatCaps.length}` }, head, ...rows));

    // windows and roof: one −/+ per member; window groups get open/close-all buttons
    const openings = [];
    const groupButtons = [];
    for (const [id, cap] of by.openings) {
      const [, param] = kind(cap);
      for (const m of members(id)) {
        openings.push(c.stepper(id, m, param));
      }
      for (const g of (capability(id).targets || []).filter((x) => !members(id).includes(x))) {
        groupButtons.push(c.action(`ctl-${id}-${g}-close`, "ctl.close_all", id, g, { [param]: 0 }),
          c.action(`ctl-${id}-${g}-open`, "ctl.open_all", id, g, { [param]: cap.parameters[param].max }));
      }
    }
    const openingsPage = page("openings", "openings", h("div.openings", {}, ...openings), h("div.group-actions", {}, ...groupButtons));

    // lights and body: enum choices and levels of mixed capabilities, switches of the rest
    const lightParts = [];
    const bodySwitches = [];
    for (const [id, cap] of by.lights) {
      const [k, param] = kind(cap);
      for (const m of members(id)) {
        if (k === "toggle") bodySwitches.push(c.toggle(id, m, param));
        else if (k === "stepper") lightParts.push(c.stepper(id, m, param));
        else {
          const mixed = h("div.mixed", {}, bindText(h("h3.group-title"), () => capabilityLabel(id)));
          for (const [name, spec] of Object.entries(cap.parameters)) {
            mixed.append(spec.type === "enum" ? c.choices(id, m, name)
              : c.stepper(id, m, name, { title: () => (name === "brightness" ? t("ctl.brightness") : name) }));
          }
          lightParts.push(mixed);
        }
      }
    }
    const lights = page("lights", "lights", ...lightParts, h("div.switches", {}, ...bodySwitches));

    // modes and learned buttons
    const modesPage = page("modes", "modes",
      h("div.press-grid", {}, ...modes().map((m) => c.press("mode.activate", m.id, () => pick(m.label, m.id)))),
      heading("card.peripherals"),
      h("div.press-grid", {}, ...peripherals().map((p) =>
        c.press("peripheral.trigger", p.id, () => pick(p.label, p.id), { inactive: !p.active }))));

    body.replaceChildren(climate, seats, openingsPage, lights, modesPage, page("timers", "timers", jobsPage(api)),
      page("sim", "sim", sim.element));
    controls = c;
  }

  function render() {
    const state = store.state;
    const view = catalog();
    if (view && view.generation !== built) {
      built = view.generation;
      build();
      select(selected);
    }
    const live = liveness(state);
    root.dataset.live = live;
    banner.hidden = live === "live";
    banner.dataset.state = live;
    banner.textContent = live === "live" ? "" : t(`live.${live}`);
    const simOn = sim.enabled(state);
    tabButtons.get("sim").hidden = !simOn;
    if (!simOn && selected === "sim") select("climate");
    controls?.render();
    sim.render();
  }

  select(selected);
  store.subscribe(render);
  onWords(render);
  return { render, select };
}
