#!/usr/bin/env python3
"""Copies from jenkins-signatures.json the entries of every type this module stubs (plus each type's
transitive supertypes, erased) into src/test/resources, where StubSignaturesTest compares them with the
compiled stubs. Run it after adding or changing a stub:

    python3 jenkins-stubs/tools/extract-signatures.py /path/to/jenkins-signatures.json
"""
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
MODULE = os.path.dirname(HERE)
SRC = os.path.join(MODULE, 'src', 'main', 'java')
OUT = os.path.join(MODULE, 'src', 'test', 'resources', 'jenkins-signatures-subset.json')

full = json.load(open(sys.argv[1]))
by_name = {t['name']: t for t in full['types']}

stubbed = []
words = {}
for root, _, files in os.walk(SRC):
    for f in files:
        if f.endswith('.java') and f != 'package-info.java':
            rel = os.path.relpath(os.path.join(root, f[:-5]), SRC)
            top = rel.replace(os.sep, '.')
            stubbed.append(top)
            # nested types declared in the file (one level deep is all the stubs use)
            text = open(os.path.join(root, f)).read()
            words[top] = set(re.findall(r'\w+', text))
            for nested in re.findall(r'^    (?:public |protected )?(?:static )?(?:final )?(?:class|interface|enum) (\w+)',
                                     text, flags=re.M):
                stubbed.append(top + '.' + nested)

def supertypes(name):
    t = by_name.get(name)
    if t is None:
        return []
    out = []
    if t.get('superclass'):
        out.append(t['superclass']['erased'])
    out += [i['erased'] for i in t.get('interfaces', [])]
    return out

def ancestors(name):
    seen, todo = [], supertypes(name)
    while todo:
        n = todo.pop(0)
        if n not in seen:
            seen.append(n)
            todo += supertypes(n)
    return sorted(seen)

missing = [n for n in stubbed if n not in by_name]
if missing:
    sys.exit('no upstream signature for: ' + ', '.join(sorted(missing)))

types = []

def top_of(name):
    return name if name in words else name.rsplit('.', 1)[0]

for name in sorted(stubbed):
    entry = dict(by_name[name])
    entry['ancestors'] = ancestors(name)
    # keep only members the stub file mentions: the check is that every stub member exists upstream
    mentioned = words[top_of(name)]
    for kind in ('methods', 'fields'):
        if kind in entry:
            entry[kind] = [m for m in entry[kind] if m['name'] in mentioned]
    types.append(entry)

os.makedirs(os.path.dirname(OUT), exist_ok=True)
with open(OUT, 'w') as fh:
    json.dump({'about': 'Subset of ' + os.path.basename(sys.argv[1]) + ' for the stubbed types. '
               + full['about'], 'sources': full['sources'], 'types': types}, fh, indent=1, sort_keys=True)
print('wrote', len(types), 'types to', os.path.relpath(OUT, MODULE))
