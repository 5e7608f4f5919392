#!/usr/bin/env python3
"""How fix's choice among patches does on a realbench set, from a kept run.

After `KEEP=1 .../realbench-dev/run.sh` (the work folder it prints), this
reads each subject's report.json, judges every behaviour the choice
compared (its best patch applied to the subject, compiled, run on the
held-out tests with the set's own judge, lib/rb.py), and prints per
subject and in total:

  principles  the principles' choice (the first behaviour of the first
              search, before any question) is correct
  any         some compared behaviour is correct (the best a choice could do)
  asked       questions asked (with --oracle)

usage: choice-eval.py WORK_DIR SET_DIR [--orders] [--json OUT] [--questions K]
  --orders    also score other orders of the behaviours (by distance, by
              departure alone, without the case-split rule, ...), for
              studying the principles; SET_DIR is a realbench folder.
  --questions K
              also count the subjects whose choice is correct after at
              most K of the run's answered questions (replayed on the
              behaviours the report lists: the first behaviour whose
              output agrees with every answer so far; a question that
              confirms the one behaviour left rules it out when the
              answer disagrees). A subject whose
              answers ruled out every behaviour (a second search) and
              that asked more than K is counted apart.
"""
import json, os, subprocess, sys, tempfile, shutil

def judge(set_dir, name, diff, cache):
    key = (name, diff)
    if key in cache:
        return cache[key]
    d = os.path.join(set_dir, name)
    with tempfile.TemporaryDirectory() as t:
        for f in os.listdir(d):
            if f in ("fix.c", "heldout.jsonl", "NOTES"):
                continue
            s = os.path.join(d, f)
            (shutil.copytree if os.path.isdir(s) else shutil.copy)(s, os.path.join(t, f))
        p = subprocess.run(["patch", "-p1", "-s", "-f"], input=diff.encode(), cwd=t, capture_output=True)
        if p.returncode != 0:
            cache[key] = "invalid"
            return "invalid"
        exe = os.path.join(t, "a.out")
        srcs = [os.path.join(t, "prog.c")]
        c = subprocess.run([os.environ.get("CC", "clang-14"), "-std=gnu11", "-O0", "-w", *srcs, "-o", exe, "-lm"],
                           capture_output=True)
        if c.returncode != 0:
            cache[key] = "invalid"
            return "invalid"
        rb = os.path.join(set_dir, "lib", "rb.py")
        h = subprocess.run(["python3", rb, "heldout", d, exe], capture_output=True)
        cls = "correct" if h.returncode == 0 else "plausible"
    cache[key] = cls
    return cls

ORDERS = {
    "principles": None,  # the report's order
    "distance": lambda b: (b["distance"],),
    "departure": lambda b: (b["departure"], b["distance"]),
    "no-case-split": lambda b: (b["departure"], -b["support"], b["distance"]),
    "split-distance": lambda b: (b.get("case_split") is not None, b["distance"], b["departure"]),
    "support": lambda b: (b.get("case_split") is not None, -b["support"], b["departure"], b["distance"]),
}

def after_questions(bs, qs, k):
    """The index of the behaviour chosen after the first k answered
    questions, or None when an answer rules out every behaviour."""
    norm = lambda t: t.split()
    alive = list(range(len(bs)))
    for q in qs[:k]:
        a = q.get("answer") or {}
        if a.get("kind") != "output":
            break
        if q.get("kind") == "confirm":
            # Asked of the one behaviour left: its output comes first.
            if norm(q["outputs"][0]) != norm(a["text"]):
                return None
            continue
        agree = [i for j, i in enumerate(alive) if norm(q["outputs"][j]) == norm(a["text"])]
        if not agree:
            return None
        alive = agree
    return alive[0]

def main(argv):
    if len(argv) < 3:
        print(__doc__)
        return 2
    work, set_dir = argv[1], argv[2]
    orders = "--orders" in argv
    out_json = argv[argv.index("--json") + 1] if "--json" in argv else None
    k_questions = int(argv[argv.index("--questions") + 1]) if "--questions" in argv else None
    after_k = apart = 0
    cache = {}
    totals = {k: 0 for k in ORDERS}
    n_any = n = n_open = asked = 0
    rows = []
    for name in sorted(os.listdir(os.path.join(work))):
        rep = os.path.join(work, name, "run", name, "se2repair-out", "report.json")
        if not os.path.isfile(rep):
            continue
        try:
            r = json.load(open(rep))
        except ValueError:
            continue
        c = r.get("choice") or {}
        # The principles' choice is the first search's: behaviours the
        # answers ruled out come first when there were any.
        bs = r.get("ruled_out") or c.get("behaviours") or ([c["chosen"]] if c.get("chosen") else [])
        if not bs:
            continue
        c.setdefault("certainty", "ruled-out")
        n += 1
        classes = [judge(set_dir, name, b["diff"], cache) for b in bs]
        for b, cls in zip(bs, classes):
            b["class"] = cls
        row = {"name": name, "certainty": c["certainty"], "behaviours": len(bs), "classes": classes,
               "status": r.get("status"),
               "questions": len(c.get("questions", []))}
        n_open += c["certainty"] not in ("only-patch", "one-behaviour")
        asked += row["questions"]
        n_any += any(x == "correct" for x in classes)
        if k_questions is not None:
            qs = c.get("questions", [])
            if r.get("ruled_out"):
                apart += 1
            else:
                i = after_questions(bs, qs, k_questions)
                after_k += i is not None and classes[i] == "correct"
        for k, key in ORDERS.items():
            if not orders and k != "principles":
                continue
            first = bs[0] if key is None else min(bs, key=key)
            ok = first["class"] == "correct"
            totals[k] += ok
            row[k] = ok
        rows.append(row)
        print(f"{name:40} {c['certainty']:14} {len(bs):2} behaviours  principles={classes[0]:9} "
              f"any={'yes' if 'correct' in classes else 'no':3} asked={row['questions']}")
    print(f"patched subjects with a choice: {n}; open: {n_open}; some behaviour correct: {n_any}; questions asked: {asked}")
    for k in ORDERS:
        if orders or k == "principles":
            print(f"  {k:15} correct {totals[k]} of {n}")
    if k_questions is not None:
        print(f"  correct after at most {k_questions} questions: {after_k} of {n - apart}"
              f" ({apart} searched again after every behaviour was ruled out, not replayed)")
    if out_json:
        json.dump(rows, open(out_json, "w"), indent=1)
    return 0

if __name__ == "__main__":
    sys.exit(main(sys.argv))
