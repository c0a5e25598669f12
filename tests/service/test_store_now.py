"""The store's no-wait path (``Store.try_now``): the event loop's bookkeeping
runs at once when nothing holds the database, and is handed to the store's
threads whenever it would wait. Real SQLite files, a real second process
connection holding the write lock; nothing mocked."""

from __future__ import annotations

import asyncio
import sqlite3
import threading
import time

import pytest

from app.store import AsyncStore, Store


@pytest.fixture
def store(tmp_path):
    s = Store(tmp_path / "n7web.sqlite3")
    s.add_session("s1")
    yield s
    s.close()


def _turns(path) -> list[str]:
    db = sqlite3.connect(path)
    try:
        return [r[0] for r in db.execute("SELECT turn_id FROM turns ORDER BY seq")]
    finally:
        db.close()


def test_a_one_statement_call_runs_at_once_and_is_durable(store, tmp_path):
    assert store.try_now("has_session", "s1") == (True, True)
    assert store.try_now("start_turn", "s1", "t1", None, "console", "open the sunroof") == (True, None)
    assert store.try_now("finish_turn", "t1", {"status": "applied"}) == (True, None)
    assert _turns(tmp_path / "n7web.sqlite3") == ["t1"]  # another connection sees it: committed
    assert store.history("s1", 10)[0]["reply"] == {"status": "applied"}


def test_a_call_that_is_more_than_one_statement_is_never_run_at_once(store):
    # add_session prunes every 100th call, record_decision every 1000th: several statements
    assert store.try_now("add_session", "s2") == (False, None)
    assert store.try_now("record_decision", "s1", "t1", "x", "local", []) == (False, None)
    assert store.try_now("prune") == (False, None)
    assert not store.has_session("s2")


def test_a_write_locked_database_refuses_at_once_and_nothing_is_written(store, tmp_path):
    path = tmp_path / "n7web.sqlite3"
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # another process's write lock
    try:
        started = time.monotonic()
        assert store.try_now("start_turn", "s1", "t_locked", None, "voice", "open the tailgate") == (False, None)
        assert time.monotonic() - started < 0.1  # refused, not waited for
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert _turns(path) == []
    # the store is intact and the same call now runs
    assert store.try_now("start_turn", "s1", "t_locked", None, "voice", "open the tailgate") == (True, None)
    assert _turns(path) == ["t_locked"]


def test_a_store_busy_on_another_thread_is_not_waited_for(store):
    holding, release = threading.Event(), threading.Event()

    def hold() -> None:
        with store._lock:
            holding.set()
            release.wait(5)

    t = threading.Thread(target=hold)
    t.start()
    try:
        assert holding.wait(5)
        assert store.try_now("has_session", "s1") == (False, None)
    finally:
        release.set()
        t.join()
    assert store.try_now("has_session", "s1") == (True, True)


def test_a_constraint_error_is_the_callers_not_a_retry(store):
    store.start_turn("s1", "t1", "c1", "console", "hi")
    with pytest.raises(sqlite3.IntegrityError):
        store.try_now("start_turn", "s1", "t2", "c1", "console", "hi again")


def test_async_store_falls_back_to_its_threads_while_the_database_is_locked(store, tmp_path):
    path = tmp_path / "n7web.sqlite3"
    adb = AsyncStore(store)
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")

    async def scenario() -> None:
        write = asyncio.create_task(adb.start_turn("s1", "t_wait", None, "voice", "close the windows"))
        ticks = 0
        for _ in range(10):  # the loop keeps running while the write waits for the lock
            await asyncio.sleep(0.005)
            ticks += 1
        assert ticks == 10 and not write.done()
        other.execute("COMMIT")
        await asyncio.wait_for(write, 5)

    try:
        asyncio.run(scenario())
    finally:
        other.close()
        adb.shutdown()
    assert _turns(path) == ["t_wait"]


def test_the_write_ahead_log_is_checkpointed_on_the_stores_threads(store, tmp_path):
    adb = AsyncStore(store)
    adb.CHECKPOINT_EVERY = 5
    checkpoints: list[str] = []
    real = store.checkpoint

    def counted() -> None:
        checkpoints.append(threading.current_thread().name)
        real()

    store.checkpoint = counted  # type: ignore[method-assign]

    async def scenario() -> None:
        for i in range(10):
            await adb.start_turn("s1", f"t{i}", None, "console", "hi")
        await asyncio.sleep(0.2)

    try:
        asyncio.run(scenario())
    finally:
        adb.shutdown()
    # one per five writes done at once (a write that met a checkpoint in progress went to the threads)
    assert 1 <= len(checkpoints) <= 2 and all(name.startswith("n7web-store") for name in checkpoints)


def test_a_checkpoint_due_while_shutting_down_is_skipped_and_the_call_still_answers(store):
    adb = AsyncStore(store)
    adb.CHECKPOINT_EVERY = 1
    adb.shutdown()
    assert asyncio.run(adb.has_session("s1")) is True
