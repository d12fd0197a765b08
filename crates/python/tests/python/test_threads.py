"""oclc from many Python threads: same answers, and the GIL is released."""

import threading
import time
from concurrent.futures import ThreadPoolExecutor

import oclc

SOURCE = (
    "kernel void k(global atomic_int *p) {\n"
    "    atomic_fetch_add_explicit(p, N, memory_order_relaxed, memory_scope_device);\n"
    "}\n"
)


def test_thread_pool_compiles_give_the_sequential_modules():
    expected = {n: oclc.compile(SOURCE, f"-DN={n}").spirv for n in range(8)}
    jobs = [n % 8 for n in range(48)]
    with ThreadPoolExecutor(max_workers=8) as pool:
        modules = list(pool.map(lambda n: oclc.compile(SOURCE, f"-DN={n}").spirv, jobs))
    assert modules == [expected[n] for n in jobs]
    with ThreadPoolExecutor(max_workers=4) as pool:
        findings = list(pool.map(lambda n: oclc.lint(SOURCE, f"-DN={n}"), jobs))
    assert all(f == [] for f in findings)


def test_the_gil_is_released_while_compiling():
    # A large program takes a while; while it compiles on one thread, the
    # main thread must keep running Python code.
    big = "\n".join(
        f"kernel void k{i}(global atomic_int *p) {{ atomic_fetch_add(p, {i}); }}"
        for i in range(1500)
    )
    window = {}

    def work():
        window["start"] = time.monotonic()
        oclc.compile(big)
        window["end"] = time.monotonic()

    worker = threading.Thread(target=work)
    ticks = []
    worker.start()
    while worker.is_alive():
        ticks.append(time.monotonic())
    worker.join()
    start, end = window["start"], window["end"]
    assert end - start > 0.05, "the compile was too short to tell"
    # With the GIL held for the whole compile, the main thread could not
    # run between its first and last few milliseconds.
    inside = [t for t in ticks if start + 0.02 < t < end - 0.02]
    assert len(inside) > 10
