"""The SSE fan-out wakes the event loop only when someone listens: a
command's confirmation must not wait for the GIL behind an idle loop."""

from __future__ import annotations

import asyncio

from app.events import EventHub


def test_no_subscriber_means_the_loop_is_not_woken_and_a_subscriber_gets_every_event():
    async def scenario() -> tuple[int, list]:
        loop = asyncio.get_running_loop()
        woken = 0
        real = loop.call_soon_threadsafe

        def counted(callback, *args, **kw):
            nonlocal woken
            woken += getattr(callback, "__name__", "") == "_deliver"  # the hub's, not to_thread's own
            return real(callback, *args, **kw)

        loop.call_soon_threadsafe = counted  # type: ignore[method-assign]
        hub = EventHub()
        hub.bind(loop)
        await asyncio.to_thread(hub.publish, "state.changed", {"capability": "mirror.fold"})
        quiet = woken
        sub = hub.subscribe()
        await asyncio.to_thread(hub.publish, "state.changed", {"capability": "tailgate.set"})
        got = await asyncio.wait_for(sub.queue.get(), 2)
        sub.close()
        await asyncio.to_thread(hub.publish, "state.changed", {"capability": "window.set_position"})
        return quiet, [got, woken]

    quiet, (got, woken) = asyncio.run(scenario())
    assert quiet == 0
    assert got == ("state.changed", {"capability": "tailgate.set"})
    assert woken == 1  # the subscriber's event went through the loop; none after it left
