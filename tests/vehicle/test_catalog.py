"""The catalog loads exactly DESIGN section 3 and refuses invalid data by file, path and problem."""

from __future__ import annotations

import copy
import shutil
import subprocess
import sys

import pytest
import yaml

from vehicle.catalog import CatalogError, catalog_from_dict, default_catalog_dir, load_catalog
from vehicle.catalog.loader import SECTIONS, read_yaml


@pytest.fixture(scope="module")
def raw() -> dict:
    base = default_catalog_dir()
    return {name: read_yaml(base / file) for name, file in SECTIONS.items()}


def test_design_capabilities_exactly(catalog):
    assert set(catalog.capabilities) == {
        "climate.power",
        "climate.set_temperature",
        "climate.adjust_temperature",
        "climate.set_fan_speed",
        "climate.set_ac",
        "climate.set_defrost",
        "climate.set_recirculation",
        "seat.set_heating",
        "seat.set_ventilation",
        "seat.set_massage",
        "window.set_position",
        "sunroof.set_position",
        "sunshade.set_position",
        "ambient_light.set",
        "reading_light.set",
        "mirror.fold",
        "tailgate.set",
        "mode.activate",
        "peripheral.trigger",
        "climate.adjust_fan_speed",
        "seat.adjust_heating",
        "seat.adjust_ventilation",
        "window.adjust_position",
        "sunroof.adjust_position",
        "sunshade.adjust_position",
    }


def test_adjust_twins_act_on_their_set_control(catalog):
    """DESIGN section 3: each adjust_* and its set_* twin are one physical control."""
    twins = {
        "climate.adjust_temperature": "climate.set_temperature",
        "climate.adjust_fan_speed": "climate.set_fan_speed",
        "seat.adjust_heating": "seat.set_heating",
        "seat.adjust_ventilation": "seat.set_ventilation",
        "window.adjust_position": "window.set_position",
        "sunroof.adjust_position": "sunroof.set_position",
        "sunshade.adjust_position": "sunshade.set_position",
    }
    for adjust, twin in twins.items():
        assert catalog.control(adjust) == catalog.control(twin)
        assert catalog.capabilities[adjust].target_type == catalog.capabilities[twin].target_type


def test_ranges_defaults_and_groups(catalog):
    t = catalog.capabilities["climate.set_temperature"].parameters["celsius"]
    assert (t.min, t.max, t.step) == (16.0, 30.0, 0.5)
    d = catalog.capabilities["climate.adjust_temperature"].parameters["delta_celsius"]
    assert (d.min, d.max, d.step, d.nonzero) == (-5.0, 5.0, 0.5, True)
    assert catalog.capabilities["climate.set_temperature"].default_target == "all"
    assert catalog.capabilities["window.set_position"].default_target == "driver"
    assert catalog.capabilities["climate.set_defrost"].default_target == "front"
    assert catalog.members("climate.set_temperature", "rear") == ("rear_left", "rear_right")
    assert catalog.members("window.set_position", "all") == ("driver", "passenger", "rear_left", "rear_right")
    assert "rear" not in catalog.valid_targets("window.set_position")
    assert catalog.valid_targets("seat.set_heating") == ("driver", "passenger", "rear_left", "rear_right")
    assert catalog.control("climate.adjust_temperature") == "climate.set_temperature"
    assert catalog.fitted_members("seat.set_ventilation") == ("driver", "passenger")
    assert catalog.fitted_members("seat.set_massage") == ("driver", "passenger")
    assert catalog.fitted_members("seat.set_heating") == ("driver", "passenger", "rear_left", "rear_right")
    amb = catalog.capabilities["ambient_light.set"]
    assert amb.parameters["color"].choices == ("red", "orange", "yellow", "green", "cyan", "blue", "purple", "white")
    assert amb.at_least_one


def test_modes_peripherals_needs(catalog):
    nap = catalog.modes["nap"]
    assert nap.requires.gear == "P"
    assert [(s.capability, s.target, s.parameters) for s in nap.steps] == [
        ("climate.power", "cabin", {"on": True}),
        ("climate.set_temperature", "all", {"celsius": 24.0}),
        ("climate.set_fan_speed", "cabin", {"level": 2}),
        ("window.set_position", "all", {"open_percent": 0}),
        ("sunroof.set_position", "cabin", {"open_percent": 0}),
        ("sunshade.set_position", "cabin", {"open_percent": 0}),
        ("ambient_light.set", "cabin", {"brightness": 10}),
    ]
    assert catalog.modes["car_wash"].requires.speed_kph_max == 0
    assert catalog.modes["pet"].requires.gear is None
    assert {k: p.active for k, p in catalog.peripherals.items()} == {
        "garage_door": True,
        "fragrance_diffuser": True,
        "rear_fridge": False,
    }
    assert set(catalog.needs) == {"hot", "cold", "stuffy", "fogged", "glare", "tired"}
    assert all(n.offline_plan for n in catalog.needs.values())
    glare = catalog.needs["glare"]
    assert [r.capability for r in glare.allowed] == ["sunshade.set_position"]


def test_aliases_in_both_languages(catalog):
    for cid, cap in catalog.capabilities.items():
        if cid in ("peripheral.trigger",):
            continue
        assert cap.aliases.en and cap.aliases.zh, cid
    for table in (catalog.modes, catalog.peripherals, catalog.needs):
        for key, item in table.items():
            assert item.aliases.en and item.aliases.zh, key


def test_generation_changes_with_content(tmp_path):
    src = default_catalog_dir()
    dst = tmp_path / "cat"
    shutil.copytree(src, dst, ignore=shutil.ignore_patterns("__pycache__", "*.py"))
    g1 = load_catalog(dst).generation
    (dst / "modes.yaml").write_text((dst / "modes.yaml").read_text() + "\n# changed\n")
    assert load_catalog(dst).generation != g1


def _broken(raw, section, mutate):
    data = copy.deepcopy(raw)
    mutate(data[section])
    return data


@pytest.mark.parametrize(
    "section,mutate,file,path,problem",
    [
        (
            "capabilities",
            lambda d: d["capabilities"]["climate.set_fan_speed"]["parameters"]["level"].update(min=9),
            "capabilities.yaml",
            "capabilities.climate.set_fan_speed.parameters.level",
            "min is above max",
        ),
        (
            "capabilities",
            lambda d: d["capabilities"]["climate.power"].update(colour="red"),
            "capabilities.yaml",
            "capabilities.climate.power.colour",
            "Extra inputs",
        ),
        (
            "capabilities",
            lambda d: d["capabilities"]["window.set_position"].update(default_target="rear"),
            "capabilities.yaml",
            "capabilities.window.set_position.default_target",
            "not a window target",
        ),
        (
            "modes",
            lambda d: d["modes"]["nap"]["steps"][1]["parameters"].update(celsius=42.0),
            "modes.yaml",
            "modes.nap.steps[1].parameters.celsius",
            "out of range",
        ),
        (
            "modes",
            lambda d: d["modes"]["pet"]["steps"].append({"capability": "climate.warp", "target": "cabin"}),
            "modes.yaml",
            "modes.pet.steps[4].capability",
            "unknown capability",
        ),
        (
            "needs",
            lambda d: d["needs"]["cold"].update(offline_plan=[]),
            "needs.yaml",
            "needs.cold.offline_plan",
            "at least 1",
        ),
        (
            "needs",
            lambda d: (
                d["needs"]["glare"]["offline_plan"][0]["parameters"].update(open_percent=100)
                or d["needs"]["glare"]["offline_plan"].append(
                    {"capability": "tailgate.set", "target": "cabin", "parameters": {"open": True}}
                )
            ),
            "needs.yaml",
            "needs.glare.offline_plan[1]",
            "not allowed for need",
        ),
        (
            "gates",
            lambda d: d["presence"].update({"seat.set_massage": ["rear_middle"]}),
            "gates.yaml",
            "presence.seat.set_massage",
            "not a member",
        ),
        (
            "capabilities",
            lambda d: d["capabilities"]["climate.power"]["parameters"].update({True: {"type": "bool"}}),
            "capabilities.yaml",
            "capabilities.climate.power.parameters",
            "not a string",
        ),
    ],
)
def test_invalid_catalog_names_file_path_problem(raw, section, mutate, file, path, problem):
    with pytest.raises(CatalogError) as info:
        catalog_from_dict(_broken(raw, section, mutate))
    err = info.value
    assert err.file == file
    assert err.path == path
    assert problem in err.problem


def test_catalog_check_cli_refuses_invalid_dir(tmp_path):
    dst = tmp_path / "bad"
    shutil.copytree(default_catalog_dir(), dst, ignore=shutil.ignore_patterns("__pycache__", "*.py"))
    data = yaml.safe_load((dst / "needs.yaml").read_text())
    data["needs"]["tired"]["offline_plan"] = []
    (dst / "needs.yaml").write_text(yaml.safe_dump(data, allow_unicode=True))
    proc = subprocess.run(
        [sys.executable, "-m", "app.cli", "catalog", "check", str(dst)], capture_output=True, text=True, timeout=60
    )
    assert proc.returncode == 1
    assert "needs.yaml: needs.tired.offline_plan" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_catalog_check_cli_accepts_shipped():
    proc = subprocess.run(
        [sys.executable, "-m", "app.cli", "catalog", "check"], capture_output=True, text=True, timeout=60
    )
    assert proc.returncode == 0, proc.stderr
    assert "catalog OK" in proc.stdout


# -- seats.yaml (DESIGN section 3a) -----------------------------------------------


def test_seats_section_loads_the_shipped_table(catalog):
    seats = catalog.seats
    assert seats.seats.driver.allow_all and seats.seats.passenger.allow_all and seats.seats.unknown.allow_all
    assert seats.seats.outside.allow == {} and not seats.seats.outside.allow_all
    assert set(seats.seats.rear_left.allow) == set(seats.seats.rear_right.allow)
    assert all(members == ("rear_left",) for members in seats.seats.rear_left.allow.values())
    assert set(seats.child_lock.seats) == {"rear_left", "rear_right"}
    assert set(seats.child_lock.capabilities) == {"window.set_position", "window.adjust_position"}
    assert set(seats.speaker_target_types) == {"zone", "seat", "window"}


def _set(path, value):
    def mutate(doc):
        node = doc
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = value

    return mutate


def _drop(path):
    def mutate(doc):
        node = doc
        for key in path[:-1]:
            node = node[key]
        del node[path[-1]]

    return mutate


@pytest.mark.parametrize(
    "mutate,path,problem",
    [
        (
            _set(["seats", "rear_left", "allow", "climate.warp"], ["rear_left"]),
            "seats.rear_left.allow.climate.warp",
            "unknown capability",
        ),
        (
            _set(["seats", "rear_right", "allow", "window.set_position"], ["rear_middle"]),
            "seats.rear_right.allow.window.set_position",
            "'rear_middle' is not a member",
        ),
        (
            _set(["seats", "rear_right", "allow", "window.set_position"], ["all"]),
            "seats.rear_right.allow.window.set_position",
            "'all' is not a member",
        ),
        (
            _set(["seats", "outside", "allow", "mode.activate"], ["disco"]),
            "seats.outside.allow.mode.activate",
            "'disco' is not a member",
        ),
        (_set(["seats", "trunk"], {"allow_all": True}), "seats.trunk", "Extra inputs"),
        (_drop(["seats", "unknown"]), "seats.unknown", "Field required"),
        (
            _set(["seats", "driver"], {"allow_all": True, "allow": {"tailgate.set": ["cabin"]}}),
            "seats.driver",
            "either allow_all or allow",
        ),
        (_set(["seats", "passenger"], {"allow_all": "yes please"}), "seats.passenger.allow_all", "boolean"),
        (
            _set(["child_lock", "capabilities"], ["window.set_position", "window.slam"]),
            "child_lock.capabilities[1]",
            "unknown capability",
        ),
        (_set(["child_lock", "seats"], ["rear_middle"]), "child_lock.seats[0]", "Input should be"),
        (_set(["speaker_target_types"], ["zone", "armrest"]), "speaker_target_types", "unknown target type"),
        (_set(["colour"], "red"), "colour", "Extra inputs"),
    ],
)
def test_invalid_seats_name_file_path_problem(raw, mutate, path, problem):
    with pytest.raises(CatalogError) as info:
        catalog_from_dict(_broken(raw, "seats", mutate))
    err = info.value
    assert (err.file, err.path) == ("seats.yaml", path)
    assert problem in err.problem


def test_seats_file_missing_or_not_a_mapping(raw):
    data = copy.deepcopy(raw)
    del data["seats"]
    with pytest.raises(CatalogError) as info:
        catalog_from_dict(data)
    assert info.value.file == "seats.yaml" and "missing" in info.value.problem
    data["seats"] = ["driver"]
    with pytest.raises(CatalogError) as info:
        catalog_from_dict(data)
    assert info.value.file == "seats.yaml" and "mapping" in info.value.problem


def test_catalog_check_cli_refuses_bad_seats(tmp_path):
    dst = tmp_path / "bad"
    shutil.copytree(default_catalog_dir(), dst, ignore=shutil.ignore_patterns("__pycache__", "*.py"))
    data = yaml.safe_load((dst / "seats.yaml").read_text())
    data["seats"]["rear_left"]["allow"]["tailgate.sett"] = ["cabin"]
    (dst / "seats.yaml").write_text(yaml.safe_dump(data, allow_unicode=True))
    proc = subprocess.run(
        [sys.executable, "-m", "app.cli", "catalog", "check", str(dst)], capture_output=True, text=True, timeout=60
    )
    assert proc.returncode == 1
    assert "seats.yaml: seats.rear_left.allow.tailgate.sett: unknown capability" in proc.stderr
    assert "Traceback" not in proc.stderr


@pytest.mark.parametrize(
    "mutate,problem",
    [
        (
            lambda d: d["capabilities"]["climate.adjust_fan_speed"]["parameters"].update(
                delta_level={"type": "float", "min": -6, "max": 6, "step": 0.5}
            ),
            "number of the twin's type",
        ),
        (
            lambda d: d["capabilities"]["seat.adjust_heating"]["parameters"].update(
                extra={"type": "int", "min": 0, "max": 1}
            ),
            "exactly one parameter",
        ),
        (
            lambda d: d["capabilities"]["window.adjust_position"].update(target_type="zone", default_target="all"),
            "twin's target type",
        ),
    ],
)
def test_adjust_twins_are_checked(raw, mutate, problem):
    with pytest.raises(CatalogError) as info:
        catalog_from_dict(_broken(raw, "capabilities", mutate))
    assert info.value.file == "capabilities.yaml" and problem in info.value.problem


def test_offline_plans_may_name_the_speaker(raw):
    """DESIGN section 3: plan steps name a member, a group or `speaker`."""
    data = copy.deepcopy(raw)
    data["needs"]["needs"]["cold"]["offline_plan"] = [
        {"capability": "climate.power", "target": "cabin", "parameters": {"on": True}},
        {"capability": "climate.adjust_temperature", "target": "speaker", "parameters": {"delta_celsius": 2.0}},
        {"capability": "seat.set_heating", "target": "speaker", "parameters": {"level": 2}},
    ]
    cat = catalog_from_dict(data)
    assert [s.target for s in cat.needs["cold"].offline_plan] == ["cabin", "speaker", "speaker"]


@pytest.mark.parametrize(
    "step,path,problem",
    [
        (
            {"capability": "climate.power", "target": "speaker", "parameters": {"on": True}},
            "needs.cold.offline_plan[0].target",
            "no speaker member",
        ),
        # glare may only close the sunshade: a speaker step must be allowed for every seat
        (
            {"capability": "window.set_position", "target": "speaker", "parameters": {"open_percent": 0}},
            "needs.cold.offline_plan[0]",
            "not allowed for need",
        ),
    ],
)
def test_speaker_steps_are_checked(raw, step, path, problem):
    data = copy.deepcopy(raw)
    if step["capability"] == "window.set_position":
        data["needs"]["needs"]["cold"]["allowed"] = [
            r for r in data["needs"]["needs"]["cold"]["allowed"] if r["capability"] != "window.set_position"
        ] + [
            {
                "capability": "window.set_position",
                "targets": ["driver", "passenger"],
                "direction": {"parameter": "open_percent", "decrease": True},
            }
        ]
    data["needs"]["needs"]["cold"]["offline_plan"] = [step]
    with pytest.raises(CatalogError) as info:
        catalog_from_dict(data)
    assert (info.value.file, info.value.path) == ("needs.yaml", path)
    assert problem in info.value.problem


def test_speaker_is_not_a_mode_target(raw):
    data = copy.deepcopy(raw)
    data["modes"]["modes"]["pet"]["steps"][1]["target"] = "speaker"
    with pytest.raises(CatalogError) as info:
        catalog_from_dict(data)
    assert info.value.path == "modes.pet.steps[1].target"
