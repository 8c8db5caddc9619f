"""Cost of a world reset and of the library's common calls, in microseconds.

Usage: python benchmarks/bench_library.py [--repeat N]

Each figure is the median over N timed runs (default 2000) of one call in a
world that looks like a typical task's: an organisation of 13 people from
``simulate_org_structure`` and a user calendar of 20 events, 2 of them
weekly series. Prints one line per operation and the peak resident memory.
"""

from __future__ import annotations

import argparse
import datetime
import logging
import resource
import statistics
import time

from aspera_core.library.company_directory import find_employee, get_current_user
from aspera_core.library.time_utils import EventFrequency, RepetitionSpec
from aspera_core.library.work_calendar import Event, add_event, find_available_slots, find_events
from aspera_core.tools.setup.company_directory import simulate_org_structure
from aspera_core.world.state import ExecutionContext, set_current_context


def build_world() -> ExecutionContext:
    context = ExecutionContext()
    set_current_context(context)
    simulate_org_structure(["Quill", "Nadia", "Bertram"])
    people = [find_employee(name)[0] for name in ("Quill", "Nadia", "Bertram")]
    start = datetime.datetime(2024, 6, 25, 10)
    for i in range(20):
        begins = start + datetime.timedelta(days=i // 3, hours=i % 3 * 2)
        repeats = RepetitionSpec(frequency=EventFrequency.WEEKLY, max_repetitions=4) if i % 10 == 0 else None
        add_event(
            Event(
                attendees=[people[i % 3]],
                subject=f"Topic {i}",
                starts_at=begins,
                ends_at=begins + datetime.timedelta(minutes=45),
                repeats=repeats,
            )
        )
    return context


def median_us(action, repeat: int) -> float:
    samples = []
    for _ in range(repeat):
        t0 = time.perf_counter_ns()
        action()
        samples.append(time.perf_counter_ns() - t0)
    return statistics.median(samples) / 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=2000)
    repeat = parser.parse_args().repeat
    # add_event logs a warning for every event it gives the default length.
    logging.getLogger("aspera_core").setLevel(logging.ERROR)

    build_world()
    nadia = find_employee("Nadia")[0]
    events = find_events()
    new_event = lambda: add_event(  # noqa: E731 - a one-line benchmark action
        Event(attendees=[nadia], subject="Bench", starts_at=datetime.datetime(2024, 7, 2, 15))
    )
    rows = [
        ("world reset (new ExecutionContext)", lambda: ExecutionContext()),
        (
            "reset + simulate_org_structure([])",
            lambda: (set_current_context(ExecutionContext()), simulate_org_structure([])),
        ),
    ]
    results = [(label, median_us(action, max(repeat // 10, 50))) for label, action in rows]
    build_world()
    rows = [
        ("get_current_user()", get_current_user),
        ("find_employee('Nadia')", lambda: find_employee("Nadia")),
        ("find_events()", find_events),
        ("find_events(subject='Topic 4')", lambda: find_events(subject="Topic 4")),
        ("find_events(attendees=[nadia])", lambda: find_events(attendees=[nadia])),
        ("find_available_slots(find_events())", lambda: find_available_slots(events)),
    ]
    results += [(label, median_us(action, repeat)) for label, action in rows]
    # add_event grows the calendar, so time it last and on fewer runs.
    results.append(("add_event(new 16-minute event)", median_us(new_event, max(repeat // 10, 50))))

    width = max(len(label) for label, _ in results)
    print(f"{'operation':<{width}}  median µs")
    for label, micros in results:
        print(f"{label:<{width}}  {micros:9.1f}")
    peak_kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(f"peak RSS: {peak_kib / 1024:.1f} MiB")


if __name__ == "__main__":
    main()
