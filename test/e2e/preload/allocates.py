# Run by python3 with and without the runtime preloaded: dicts, strings and
# a json round trip; prints what it made.
import json

table = {f"key{i}": [i, str(i) * (i % 7), {"n": i}] for i in range(20000)}
text = json.dumps(table, sort_keys=True)
back = json.loads(text)
words = " ".join(k.upper() for k in back).split()
print(len(text), len(back), len(words), sum(len(w) for w in words))
print(sorted(back)[:3], back["key19999"])
