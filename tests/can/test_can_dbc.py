"""The DBC agrees with the catalog, and a DBC that does not refuses to load."""

from __future__ import annotations

import re
import shutil

import pytest

from vehicle.can.dbc import COMMAND_SENDER, load_vehicle_dbc
from vehicle.catalog import CatalogError, catalog_from_dict, default_catalog_dir
from vehicle.catalog.loader import SECTIONS, read_yaml


def shipped_text() -> str:
    return (default_catalog_dir() / "n7web.dbc").read_text(encoding="utf-8")


def load_variant(tmp_path, catalog, text: str):
    (tmp_path / "n7web.dbc").write_text(text, encoding="utf-8")
    return load_vehicle_dbc(tmp_path, catalog)


def without_block(text: str, header: str) -> str:
    """Remove a BO_ block (the header line and its SG_ lines)."""
    return re.sub(rf"^{re.escape(header)}\n(?: SG_ .*\n)*", "", text, flags=re.M)


def test_shipped_dbc_covers_every_state_capability(catalog, dbc):
    assert set(dbc.controls) == set(catalog.state_capabilities())
    for control in dbc.controls.values():
        assert control.command.id != control.status.id
        assert control.members == catalog.fitted_members(control.capability)
    assert dbc.buttons == {pid: p.button for pid, p in catalog.peripherals.items()}


def test_allowlist_is_exactly_the_head_unit_messages(dbc):
    sent_by_us = {m.frame_id for m in dbc.database.messages if COMMAND_SENDER in m.senders}
    assert dbc.allowlist == sent_by_us
    assert dbc.allowlist == {c.command.id for c in dbc.controls.values()} | {dbc.button_command.id}
    statuses = {c.status.id for c in dbc.controls.values()} | {dbc.button_status.id, dbc.vehicle_status.id}
    assert not dbc.allowlist & statuses
    assert all(not m.is_extended_frame and m.frame_id <= 0x7FF for m in dbc.database.messages)


def test_every_message_has_a_distinct_e2e_data_id(dbc):
    ids = [spec.data_id for spec in dbc.by_id.values()]
    assert len(ids) == len(set(ids)) == len(dbc.database.messages)


@pytest.mark.parametrize(
    ("edit", "path", "problem"),
    [
        pytest.param(
            lambda t: t.replace(" SG_ Celsius : 24|8@1+ (0.5,16) [16|30]", " SG_ Celsius : 24|8@1+ (0.5,16) [16|32]"),
            "ClimateTemperature_Cmd.Celsius",
            "maximum 32 does not match the catalog maximum 30",
            id="range-max",
        ),
        pytest.param(
            lambda t: t.replace(" SG_ Celsius_Driver : 16|8@1+ (0.5,16)", " SG_ Celsius_Driver : 16|8@1+ (1,16)"),
            "ClimateTemperature_Sts.Celsius_Driver",
            "scale 1 does not match the catalog step 0.5",
            id="step",
        ),
        pytest.param(
            lambda t: t.replace(
                ' SG_ Level : 16|3@1+ (1,0) [1|7] "" CabinEcu', ' SG_ Level : 16|3@1+ (1,0) [0|7] "" CabinEcu'
            ),
            "ClimateFan_Cmd.Level",
            "minimum 0 does not match the catalog minimum 1",
            id="range-min",
        ),
        pytest.param(
            lambda t: re.sub(r"^ SG_ OpenPercent_RearLeft .*\n", "", t, flags=re.M),
            "Window_Sts.OpenPercent_RearLeft",
            "missing",
            id="missing-signal",
        ),
        pytest.param(
            lambda t: t.replace('VAL_ 816 Brightness 127 "not_requested" ;\n', ""),
            "AmbientLight_Cmd.Brightness",
            "not_requested",
            id="partial-not-expressible",
        ),
        pytest.param(
            lambda t: t.replace('6 "purple" 7 "white" 15 "not_requested"', '6 "purple" 15 "not_requested"'),
            "AmbientLight_Cmd.Color",
            "do not match the catalog",
            id="enum-choices",
        ),
        pytest.param(
            lambda t: t.replace('VAL_ 785 Target 0 "driver" 1 "passenger" ;', 'VAL_ 785 Target 0 "driver" ;'),
            "SeatVentilation_Cmd.Target",
            "passenger",
            id="member-selector",
        ),
        pytest.param(
            lambda t: without_block(t, "BO_ 832 Mirror_Cmd: 8 HeadUnit"),
            "mirror.fold",
            "no command message",
            id="missing-message",
        ),
        pytest.param(
            lambda t: t.replace('BA_ "N7E2EDataId" BO_ 1057 154;', 'BA_ "N7E2EDataId" BO_ 1057 26;'),
            "Sunroof_Sts",
            "data id 26 is also used",
            id="data-id-duplicate",
        ),
        pytest.param(
            lambda t: t.replace(
                ' SG_ Counter : 8|4@1+ (1,0) [0|15] "" CabinEcu\n SG_ Button',
                ' SG_ Counter : 8|3@1+ (1,0) [0|7] "" CabinEcu\n SG_ Button',
            ),
            "Button_Cmd.Counter",
            "E2E profile 2",
            id="e2e-layout",
        ),
        pytest.param(
            lambda t: t.replace('VAL_ 512 Gear 0 "P" 1 "R" 2 "N" 3 "D" ;', 'VAL_ 512 Gear 0 "P" 1 "R" 2 "N" 3 "S" ;'),
            "Vehicle_Sts.Gear",
            "P, R, N, D",
            id="gear",
        ),
        pytest.param(
            lambda t: t.replace(' SG_ ChildLock : 34|1@1+ (1,0) [0|1] "" HeadUnit\n', ""),
            "Vehicle_Sts.ChildLock",
            "missing",
            id="child-lock-missing",
        ),
        pytest.param(
            lambda t: t.replace(" SG_ ChildLock : 34|1@1+ (1,0) [0|1]", " SG_ ChildLock : 34|2@1+ (1,0) [0|3]"),
            "Vehicle_Sts.ChildLock",
            "1-bit flag",
            id="child-lock-width",
        ),
        pytest.param(
            lambda t: t.replace(
                ' SG_ ChildLock : 34|1@1+ (1,0) [0|1] "" HeadUnit\n',
                ' SG_ ChildLock : 34|1@1+ (1,0) [0|1] "" HeadUnit\n SG_ DoorsLocked : 35|1@1+ (1,0) [0|1] "" HeadUnit\n',
            ),
            "Vehicle_Sts.DoorsLocked",
            "unexpected signal",
            id="vehicle-extra-signal",
        ),
        pytest.param(
            lambda t: t.replace(
                ' SG_ On_Rear : 17|1@1+ (1,0) [0|1] "" HeadUnit',
                ' SG_ On_Rear : 17|1@1+ (1,0) [0|1] "" HeadUnit\n SG_ On_Side : 18|1@1+ (1,0) [0|1] "" HeadUnit',
            ),
            "ClimateDefrost_Sts.On_Side",
            "unexpected signal",
            id="extra-signal",
        ),
    ],
)
def test_a_dbc_that_disagrees_with_the_catalog_refuses_to_load(tmp_path, catalog, edit, path, problem):
    text = shipped_text()
    edited = edit(text)
    assert edited != text, "the edit must change the DBC"
    with pytest.raises(CatalogError) as info:
        load_variant(tmp_path, catalog, edited)
    assert info.value.file == "n7web.dbc"
    assert info.value.path == path
    assert problem in info.value.problem


def test_a_catalog_that_disagrees_with_the_dbc_refuses_to_load(tmp_path):
    """The same check seen from the other side: the catalog's fan range grows."""
    base = default_catalog_dir()
    sections = {name: read_yaml(base / file) for name, file in SECTIONS.items()}
    sections["capabilities"]["capabilities"]["climate.set_fan_speed"]["parameters"]["level"]["max"] = 8
    changed = catalog_from_dict(sections)
    shutil.copy(base / "n7web.dbc", tmp_path / "n7web.dbc")
    with pytest.raises(CatalogError) as info:
        load_vehicle_dbc(tmp_path, changed)
    assert (info.value.file, info.value.path) == ("n7web.dbc", "ClimateFan_Cmd.Level")
    assert "maximum 7 does not match the catalog maximum 8" in info.value.problem


def test_missing_or_unparsable_dbc_is_a_catalog_error(tmp_path, catalog):
    with pytest.raises(CatalogError, match="file is missing"):
        load_vehicle_dbc(tmp_path, catalog)
    with pytest.raises(CatalogError, match="invalid DBC"):
        load_variant(tmp_path, catalog, "BO_ this is not a dbc\n SG_ ???")
