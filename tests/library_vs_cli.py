#!/usr/bin/env python3
"""Compare what the installed library gives (tests/library_door.c's JSON) with rtgpu-analyze's
JSON report of the same inputs: the verdict (the exit status), the partitions, every task's R and
status, every step's O, J and R, every chain's binding bounds, their analyses and its verdict.
Prints the first difference and exits 1; usage: library_vs_cli.py NAME LIBRARY.json CLI.json STATUS
"""
import json
import sys


def fail(name, what):
    print(f"library: {name}: {what}")
    sys.exit(1)


def ns(v):
    return -1 if v is None else v


def main():
    name, lib_path, cli_path, status = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
    lib = json.load(open(lib_path))
    cli = json.load(open(cli_path))
    if lib["verdict"] != status:
        fail(name, f"verdict {lib['verdict']}, rtgpu-analyze's exit status {status}")
    parts = [{"name": p["name"], "sms": p["sms"]} for p in cli.get("partitions") or []]
    if lib["tasks"] and lib["partitions"] != parts:
        fail(name, f"partitions {lib['partitions']} against {parts}")
    tasks = cli.get("tasks") or []
    if lib["tasks"] and len(lib["tasks"]) != len(tasks):
        fail(name, f"{len(lib['tasks'])} tasks against {len(tasks)}")
    figures = 0
    for lt, ct in zip(lib["tasks"], tasks):
        if lt["name"] != ct["name"] or lt["wcrt_ns"] != ns(ct["wcrt_ns"]):
            fail(name, f"task {lt['name']}: R {lt['wcrt_ns']} against {ct['wcrt_ns']}")
        if (lt["status"] == 0) != bool(ct["schedulable"]):
            fail(name, f"task {lt['name']}: status {lt['status']}, schedulable {ct['schedulable']}")
        steps = ct.get("steps") or []
        if len(lt["steps"]) != len(steps):
            fail(name, f"task {lt['name']}: {len(lt['steps'])} steps against {len(steps)}")
        for k, (ls, cs) in enumerate(zip(lt["steps"], steps)):
            got = (ls["resource"], ls["offset_ns"], ls["jitter_ns"], ls["wcrt_ns"])
            want = (cs["resource"], cs["offset_ns"], cs["jitter_ns"], ns(cs["response_ns"]))
            if got != want:
                fail(name, f"task {lt['name']} step {k + 1}: {got} against {want}")
            figures += 3
        figures += 1
    chains = cli.get("chains") or []
    if lib["tasks"] and len(lib["chains"]) != len(chains):
        fail(name, f"{len(lib['chains'])} chains against {len(chains)}")
    for lc, cc in zip(lib["chains"], chains):
        want = (cc["name"], ns(cc["mrt_ns"]), ns(cc["mda_ns"]), cc["binding_mrt"] if cc["mrt_ns"]
                is not None else None, cc["binding_mda"] if cc["mda_ns"] is not None else None,
                0 if cc["passes"] else 2 if cc.get("undecided") else 1)
        got = (lc["name"], lc["mrt_ns"], lc["mda_ns"], lc["mrt_by"], lc["mda_by"], lc["status"])
        if got != want:
            fail(name, f"chain {lc['name']}: {got} against {want}")
        figures += 2
    print(f"{figures}")


main()
