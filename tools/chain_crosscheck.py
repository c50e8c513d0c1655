#!/usr/bin/env python3
"""Cross-check rtgpu's chain bounds against the reference code of Gunzel et al. (by hand).

usage: chain_crosscheck.py --ref DIR [--analyze BIN] [--gpu GPU.xml] FILE.xml ...
       chain_crosscheck.py --ref DIR [--analyze BIN] [--gpu GPU.xml] --random N [--seed S]
                           [--keep DIR]

DIR is the user's own checkout of the public E2EEvaluation code (github:
marioguenzel/ReactionOneTask); only its pure-Python analysis modules are imported
(e2eAnalyses/Davare2007.py, Duerr2019.py, Guenzel2023_equi.py, Kordon2020.py, Martinez2020.py
with tasks/ and cechains/), none of its requirements. Nothing of it is copied into rtgpu.
This script is a manual check (docs/validation.md sec. 18): neither `make check` nor CI runs it.

For every chain of every task set, rtgpu-analyze's JSON gives the tasks' periods, deadlines,
release jitters, offsets, end-to-end WCRTs and steps; they are fed to the reference analyses
and compared with the chain's `bounds`:

  davare     = Davare2007.davare07, every task's max_iat = T
  durr_mrt   = Duerr2019.duerr19_mrt + the jitter term, per hop (see below)
  durr_mda   = Duerr2019.duerr19_mrda (Th. 5.10, the reduced data age) + T_n + the jitter term
  let_exact  = Guenzel2023_equi.guenzel23_equi_mda (= _mrt), phase = offset, deadline = D

The reference puts the tasks of a chain on "ECUs" (its local chains): consecutive tasks that
are one-step CPU tasks on the same core with different priorities go into one local chain
(its base task set ordered by rtgpu's step priority, smaller first), every other task alone in
its own; so the reference's same-ECU case (hop term 0) is exactly rtgpu's same-core case. The
reference has no release jitter (Task.jitter = 0); rtgpu's same-core hop term is
I = min(J_p, R_p) instead of 0, so for each such hop rtgpu's Th. 5.4 term is
max(R_p, T_q + I) instead of max(R_p, T_q), and Th. 5.10 adds I. The "raw" columns compare
without these corrections (they differ exactly where a same-core producer has jitter), the
"model" columns with them (every one must be equal). Kordon2020 and Martinez2020 are stubs in
the reference (they return -1) and are reported as such.

--random N writes N small random whole systems (random XML task sets on --gpu, default
examples/gpus/jetson-agx-orin-system.xml) with one to three chains each, analyses them and
compares. Exit 0 when every model column is equal, 1 otherwise, 2 on a usage error.
"""
import argparse
import json
import os
import random
import subprocess
import sys
import tempfile



class Reference:
    """The reference analyses, imported from the user's checkout."""

    def __init__(self, ref_dir):
        sys.path.insert(0, os.path.abspath(ref_dir))
        from tasks.task import Task
        from tasks.taskset import TaskSet
        from cechains.chain import CEChain
        from e2eAnalyses import Davare2007, Duerr2019, Guenzel2023_equi, Kordon2020, Martinez2020
        self.Task, self.TaskSet, self.CEChain = Task, TaskSet, CEChain
        self.davare, self.durr, self.equi = Davare2007, Duerr2019, Guenzel2023_equi
        self.kordon, self.martinez = Kordon2020, Martinez2020

    def task(self, t, comm):
        return self.Task("periodic", "arbitrary", "wcet", "LET" if comm == "let" else "implicit",
                         t["offset"], t["period"], t["period"], t["period"], t["bcet"],
                         t["wcet"], t["deadline"], t["priority"])


def same_core(p, q):
    """Both one-step CPU tasks on one core with different priorities (one reference ECU)."""
    return (p["core"] is not None and p["core"] == q["core"] and
            p["priority"] != q["priority"])


def compare_chain(ref, chain, tasks):
    """One chain: a dict of (name, rtgpu value, reference value) rows, or a skip reason."""
    ts = [tasks[n] for n in chain["tasks"]]
    comm = chain["communication"]
    b = chain["bounds"]
    rows = []
    if comm == "let":
        rt = [ref.task(t, comm) for t in ts]
        base = ref.TaskSet(*rt)
        c = ref.CEChain(*rt, base_ts=base)
        rows.append(("let_exact", b["let_exact"], ref.equi.guenzel23_equi_mda(c), None))
        rows.append(("kordon20 (stub)", None, ref.kordon.kordon20(c), None))
        rows.append(("martinez20_let (stub)", None, ref.martinez.martinez20_let(c), None))
        return rows, None
    if any(t["wcrt"] is None for t in ts):
        return None, "a task without a bounded R"
    rt = [ref.task(t, comm) for t in ts]
    wcrts = {r: t["wcrt"] for r, t in zip(rt, ts)}
    whole = ref.TaskSet(*rt)
    whole.wcrts = wcrts
    rows.append(("davare", b["davare"], ref.davare.davare07(ref.CEChain(*rt, base_ts=whole)),
                 None))
    # local chains: runs of consecutive same-core tasks
    runs = [[0]]
    for k in range(1, len(ts)):
        if same_core(ts[k - 1], ts[k]):
            runs[-1].append(k)
        else:
            runs.append([k])
    local = []
    for run in runs:
        order = sorted(run, key=lambda k: ts[k]["priority"])
        base = ref.TaskSet(*[rt[k] for k in order])
        base.wcrts = {rt[k]: ts[k]["wcrt"] for k in run}
        local.append(ref.CEChain(*[rt[k] for k in run], base_ts=base))
    mrt = ref.durr.duerr19_mrt(*local)
    mrda = ref.durr.duerr19_mrda(*local)
    d_mrt = d_mda = 0                      # rtgpu's jitter term over the reference's 0
    for k in range(len(ts) - 1):
        p, q = ts[k], ts[k + 1]
        if same_core(p, q) and p["priority"] < q["priority"]:
            i = min(p["jitter"], p["wcrt"])
            rows.append(("same-core hop", None, None, i))
            d_mrt += max(p["wcrt"], q["period"] + i) - max(p["wcrt"], q["period"])
            d_mda += i
    rows.append(("durr_mrt", b["durr_mrt"], mrt, mrt + d_mrt))
    rows.append(("durr_mda (ref + T_n)", b["durr_mda"], mrda + ts[-1]["period"],
                 mrda + ts[-1]["period"] + d_mda))
    rows.append(("martinez20_impl (stub)", None, ref.martinez.martinez20_impl(
        ref.CEChain(*rt, base_ts=whole)), None))
    return rows, None


def load(analyze, gpu, path):
    """rtgpu-analyze's JSON of path, with each task's core and WCET/BCET sums."""
    p = subprocess.run([analyze, path, "--gpu", gpu, "--format", "json"],
                       capture_output=True, text=True, timeout=120)
    if p.returncode not in (0, 1):
        raise RuntimeError("%s: rtgpu-analyze exit %d: %s" % (path, p.returncode, p.stderr))
    doc = json.loads(p.stdout)
    tasks = {}
    for t in doc["tasks"]:
        steps = t.get("steps") or []
        core = None
        if len(steps) == 1 and steps[0]["kind"] == "cpu":
            core = steps[0]["resource"]
        tasks[t["name"]] = {
            "period": t["period_ns"], "deadline": t["deadline_ns"], "jitter": t["jitter_ns"],
            "wcrt": t["wcrt_ns"] if t["rta_status"] == "bounded" else None,
            "offset": t["offset_ns"], "core": core,
            "priority": steps[0]["priority"] if core is not None else t["priority"],
            "wcet": sum(s["wcet_ns"] for s in steps), "bcet": sum(s["bcet_ns"] for s in steps)}
    return doc.get("chains") or [], tasks


def random_taskset(rng, idx):
    """A small whole system: one-step CPU tasks on two cores, CPU-GPU-CPU tasks, chains."""
    n = rng.randint(3, 7)
    periods_ms = [1, 2, 4, 5, 10, 20]
    jittered = rng.random() < 0.5
    prios = list(range(n))
    rng.shuffle(prios)
    out = ['<?xml version="1.0" encoding="UTF-8"?>',
           '<taskset name="xcheck-%d">' % idx,
           '  <kernel name="K" time="0.05ms" bw-gbps="10" kai="1"/>']
    gpu_tasks = []
    grid = 1000 if rng.random() < 0.5 else 1   # whole ms: LET writes and reads coincide
    for i in range(n):
        t_us = rng.choice(periods_ms) * 1000
        d_us = t_us if rng.random() < 0.5 else rng.randint(max(1, t_us // 2 // grid), t_us // grid) * grid
        attrs = 'period="%dus" deadline="%dus" priority="%d" offset="%dus"' % (
            t_us, d_us, prios[i], rng.randrange(t_us // grid) * grid)
        if jittered and rng.random() < 0.5:
            attrs += ' jitter="%dus"' % rng.randint(0, t_us // 4)
        wcet = max(1, t_us * rng.randint(1, 6) // 100)
        kind = rng.random()
        if kind < 0.6:
            body = '<cpu core="%d" wcet="%dus" bcet="%dus"/>' % (
                rng.randint(0, 1), wcet, rng.randint(0, wcet))
        elif kind < 0.8:
            body = '<cpu core="%d" wcet="%dus"/><run kernel="K"/><cpu core="%d" wcet="%dus"/>' % (
                rng.randint(0, 1), max(1, wcet // 2), rng.randint(0, 1), max(1, wcet // 2))
            gpu_tasks.append(i)
        else:
            body = '<cpu core="%d" wcet="%dus"/><cpu core="%d" wcet="%dus"/>' % (
                rng.randint(0, 1), max(1, wcet // 2), rng.randint(0, 1), max(1, wcet // 2))
        out.append('  <task name="t%d" %s>%s</task>' % (i, attrs, body))
    if not gpu_tasks:                         # a partition needs a GPU task
        out.append('  <task name="g" period="20ms" priority="%d"><run kernel="K"/></task>' % n)
        gpu_tasks.append("g")
    out.append('  <partition name="P" sms="8">')
    for i in gpu_tasks:
        out.append('    <task-ref name="%s"/>' % (i if isinstance(i, str) else "t%d" % i))
    out.append('  </partition>')
    for c in range(rng.randint(1, 3)):
        members = rng.sample(range(n), rng.randint(2, min(5, n)))
        comm = "let" if rng.random() < 0.4 else "implicit"
        out.append('  <chain name="c%d" max-reaction="100s" communication="%s">' % (c, comm))
        out.extend('    <task-ref name="t%d"/>' % m for m in members)
        out.append('  </chain>')
    out.append('</taskset>')
    return "\n".join(out) + "\n"


def main(argv):
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--ref", required=True, help="checkout of marioguenzel/ReactionOneTask")
    ap.add_argument("--analyze", default=os.path.join(root, "build", "rtgpu-analyze"))
    ap.add_argument("--gpu", default=os.path.join(root, "examples", "gpus",
                                                  "jetson-agx-orin-system.xml"))
    ap.add_argument("--random", type=int, default=0, metavar="N")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--keep", help="write the random task sets into this folder")
    ap.add_argument("-v", "--verbose", action="store_true", help="one line per chain")
    ap.add_argument("files", nargs="*")
    a = ap.parse_args(argv[1:])
    if not a.files and not a.random:
        ap.error("give task-set files or --random N")
    ref = Reference(a.ref)
    files = list(a.files)
    tmp = None
    if a.random:
        rng = random.Random(a.seed)
        folder = a.keep or tempfile.mkdtemp(prefix="xcheck-")
        tmp = None if a.keep else folder
        os.makedirs(folder, exist_ok=True)
        for i in range(a.random):
            path = os.path.join(folder, "xcheck-%04d.xml" % i)
            with open(path, "w") as f:
                f.write(random_taskset(rng, i))
            files.append(path)
    stats, diffs, skipped, n_chains, hops = {}, [], 0, 0, [0, 0]
    for path in files:
        try:
            chains, tasks = load(a.analyze, a.gpu, path)
        except (RuntimeError, OSError, ValueError) as err:
            sys.stderr.write("chain_crosscheck: %s\n" % err)
            return 2
        for ch in chains:
            rows, why = compare_chain(ref, ch, tasks)
            if rows is None:
                skipped += 1
                if a.verbose:
                    print("%s %s: skipped (%s)" % (os.path.basename(path), ch["name"], why))
                continue
            n_chains += 1
            for name, ours, theirs, model in rows:
                if name == "same-core hop":    # I = 0 in the reference, min(J, R) here
                    hops[0] += 1
                    hops[1] += model > 0
                    continue
                s = stats.setdefault(name, [0, 0, 0, 0])
                s[0] += 1
                if ours is None:             # a stub of the reference
                    s[1] += theirs == -1
                    continue
                s[1] += ours == theirs
                want = theirs if model is None else model
                s[2] += ours == want
                if ours != theirs:
                    s[3] += 1
                if ours != want:
                    diffs.append("%s %s %s: rtgpu %d, reference (model) %d" % (
                        path, ch["name"], name, ours, want))
                if a.verbose:
                    print("%s %s %s: rtgpu %s reference %s model %s" % (
                        os.path.basename(path), ch["name"], name, ours, theirs, want))
    print("chains compared: %d (skipped: %d, an implicit chain with an unbounded task)"
          % (n_chains, skipped))
    print("%-24s %7s %9s %11s %12s" % ("bound", "chains", "raw equal", "model equal",
                                       "raw differs"))
    for name, (n, raw, model, rawdiff) in stats.items():
        if "stub" in name:
            print("%-24s %7d   reference returns -1 on %d (not implemented there)"
                  % (name, n, raw))
        else:
            print("%-24s %7d %9d %11d %12d" % (name, n, raw, model, rawdiff))
    print("same-core hops (producer higher): %d, of which with min(J_p, R_p) > 0: %d"
          % (hops[0], hops[1]))
    for d in diffs:
        print("DIFFERS: " + d)
    if tmp:
        for f in os.listdir(tmp):
            os.remove(os.path.join(tmp, f))
        os.rmdir(tmp)
    return 1 if diffs else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
