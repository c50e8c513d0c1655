#!/usr/bin/env python3
"""Validate JSON outputs against the shipped JSON Schemas (docs/report.md "JSON Schemas").

usage: check_json_schemas.py SCHEMA_DIR OUTPUT_DIR

Every file of OUTPUT_DIR is named KIND.N.json (one document) or KIND.N[.merged].jsonl (one
document per line, the sweep lines): KIND names SCHEMA_DIR/KIND.schema.json, except that every
.jsonl file is checked against sweep.schema.json. Each schema is first checked against its
meta-schema (draft 2020-12). Exit 0 when every document is valid, 1 otherwise (each failure
named: file, line, where in the document, what was wrong), 2 on a usage error.
"""
import json
import os
import sys

try:
    import jsonschema
except ImportError:
    sys.stderr.write("json schemas: FAIL: the python3 jsonschema module is missing "
                     "(apt-get install python3-jsonschema, tools/deps.sh)\n")
    sys.exit(1)


def main(argv):
    if len(argv) != 3:
        sys.stderr.write(__doc__)
        return 2
    schema_dir, out_dir = argv[1], argv[2]
    validators = {}
    for name in sorted(os.listdir(schema_dir)):
        if name.endswith(".schema.json"):
            with open(os.path.join(schema_dir, name), encoding="utf-8") as f:
                schema = json.load(f)
            jsonschema.Draft202012Validator.check_schema(schema)
            validators[name[:-len(".schema.json")]] = jsonschema.Draft202012Validator(schema)
    fail = 0
    seen = {}
    for name in sorted(os.listdir(out_dir)):
        path = os.path.join(out_dir, name)
        kind = "sweep" if name.endswith(".jsonl") else name.split(".", 1)[0]
        if kind not in validators:
            print(f"json schemas: FAIL: {name}: no schema {kind}.schema.json")
            fail += 1
            continue
        with open(path, encoding="utf-8") as f:
            text = f.read()
        if not text.strip():
            print(f"json schemas: FAIL: {name}: empty (the command that writes it failed)")
            fail += 1
            continue
        docs = text.splitlines() if name.endswith(".jsonl") else [text]
        for line, doc in enumerate(docs, 1):
            try:
                value = json.loads(doc)
            except ValueError as e:
                print(f"json schemas: FAIL: {name}:{line}: not JSON: {e}")
                fail += 1
                continue
            for err in validators[kind].iter_errors(value):
                where = "/".join(str(p) for p in err.absolute_path) or "(root)"
                print(f"json schemas: FAIL: {name}:{line}: at {where}: {err.message}")
                fail += 1
            seen[kind] = seen.get(kind, 0) + 1
    missing = sorted(set(validators) - set(seen))
    for kind in missing:
        print(f"json schemas: FAIL: no output checked against {kind}.schema.json")
        fail += 1
    if fail:
        return 1
    print("json schemas: " + ", ".join(f"{seen[k]} {k}" for k in sorted(seen)) +
          " documents valid")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
