"""Structural checks of a SARIF 2.1.0 log written by sizespec-report.

Usage: check_sarif.py LOG EXPECTED_RESULTS
"""
import json
import sys

log = json.load(open(sys.argv[1]))
assert log["version"] == "2.1.0", log["version"]
(run,) = log["runs"]
rules = run["tool"]["driver"]["rules"]
ids = [r["id"] for r in rules]
assert len(ids) == len(set(ids)), ids
results = run["results"]
assert len(results) == int(sys.argv[2]), len(results)
for r in results:
    assert rules[r["ruleIndex"]]["id"] == r["ruleId"], r
    assert r["level"] in ("note", "warning"), r
    assert (r["level"] == "note") == (r["ruleId"] == "specialized"), r
    (loc,) = r["locations"]
    region = loc["physicalLocation"]["region"]
    assert region["startLine"] >= 1 and region["startColumn"] >= 1, r
    assert r["message"]["text"], r
print("ok")
